package io.cpsng.config

import com.github.tomakehurst.wiremock.WireMockServer
import groovy.json.JsonOutput
import io.cpsng.Application
import io.cpsng.RawHttp
import io.cpsng.TestDatabase
import io.cpsng.ncmp.modulesync.ModuleSyncWatchdog
import io.cpsng.ncmp.northbound.CmHandleFixture
import org.springframework.boot.builder.SpringApplicationBuilder
import org.springframework.boot.web.server.context.WebServerApplicationContext
import org.springframework.context.ConfigurableApplicationContext
import org.springframework.security.oauth2.jwt.JwtDecoder
import spock.lang.AutoCleanup
import spock.lang.Shared
import spock.lang.Specification

import java.time.Duration
import java.time.Instant

import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor
import static com.github.tomakehurst.wiremock.client.WireMock.okJson
import static com.github.tomakehurst.wiremock.client.WireMock.post
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options

/**
 * Bearer tokens (spring.security.oauth2.resourceserver.jwt.issuer-uri or .jwk-set-uri), through the server on a port
 * with a real issuer started here: the token's signature, expiry and issuer are checked, refusals are JSON 401s with
 * a Bearer challenge, and the client's token reaches the DMI plugin as ncmp.dmi.auth.enabled says (a WireMock that
 * records what it gets). Basic-only mode, the default, is SecuritySpec's.
 */
class JwtAuthenticationSpec extends Specification {

    static final String MODULE = 'jwt-spec'
    static final String REVISION = '2026-01-01'
    static final String RUNNING = 'ncmp-datastore:passthrough-running'

    @Shared
    String run = UUID.randomUUID().toString().take(8)
    @Shared
    String cmHandleId = "jwt-${run}"
    @Shared
    String alternateId = "/SubNetwork=Jwt${run}/ManagedElement=Me1"

    @Shared
    @AutoCleanup
    TokenIssuer issuer = new TokenIssuer()
    @Shared
    @AutoCleanup('stop')
    WireMockServer plugin = new WireMockServer(options().dynamicPort())
    @Shared
    @AutoCleanup
    ConfigurableApplicationContext instance
    @Shared
    RawHttp http
    @Shared
    int issuerRequestsAtStart
    @Shared
    List<String> moduleSyncAuthorizations

    def setupSpec() {
        plugin.start()
        plugin.stubFor(post(urlPathMatching('/dmi/v1/ch/[^/]+/modules'))
            .willReturn(okJson(JsonOutput.toJson([schemas: [[moduleName: MODULE, revision: REVISION, namespace: "urn:spec:${MODULE}"]]]))))
        plugin.stubFor(post(urlPathMatching('/dmi/v1/ch/[^/]+/moduleResources'))
            .willReturn(okJson(JsonOutput.toJson([[moduleName: MODULE, revision: REVISION, yangSource: CmHandleFixture.yangModule(MODULE, REVISION)]]))))
        plugin.stubFor(post(urlPathMatching('/dmi/v1/ch/[^/]+/data/ds/.+'))
            .willReturn(okJson('{"jwt-spec:things":{"name":"from the plugin"}}')))
        instance = start("--spring.security.oauth2.resourceserver.jwt.issuer-uri=${issuer.issuerUri}",
            // the configured credentials are left out when the client's token is passed on, as in the reference
            '--ncmp.dmi.auth.enabled=false', '--ncmp.dmi.username=dmi-user', '--ncmp.dmi.password=dmi-Pa55word')
        issuerRequestsAtStart = issuer.requestCount.get()
        http = new RawHttp((instance as WebServerApplicationContext).webServer.port)
        assert http.post('/ncmpInventory/v1/ch', 'application/json', JsonOutput.toJson([dmiPlugin: plugin.baseUrl(),
            createdCmHandles: [[cmHandle: cmHandleId, alternateId: alternateId]]]), authorized()).status == 200
        instance.getBean(ModuleSyncWatchdog).syncDueHandles()
        moduleSyncAuthorizations = plugin.findAll(anyRequestedFor(urlPathMatching('/dmi/v1/ch/[^/]+/module.*')))
            .collect { it.getHeader('Authorization') }
    }

    def setup() {
        plugin.resetRequests()
    }

    def 'Nothing asks the issuer before the first token arrives'() {
        expect: 'the service started without a call to the issuer, which is found when a token is first checked'
            issuerRequestsAtStart == 0
        and: 'the decoder made from the issuer-uri is the one that checks tokens'
            instance.getBeanNamesForType(JwtDecoder).length == 1
    }

    def 'A request with a valid token is served'() {
        when: 'the store is read with a token of the issuer'
            def response = http.get('/cps/api/v2/admin/dataspaces', authorized())
        then: 'it is answered'
            response.status == 200
    }

    def 'A request with #scenario is refused'() {
        when: 'the store is read'
            def response = http.get('/cps/api/v2/admin/dataspaces', authorization == null ? [:] : [Authorization: authorization])
        then: 'the answer is 401 with a Bearer challenge, saying why the token was refused if there was one'
            response.status == 401
            response.headers['www-authenticate'].startsWith('Bearer')
            response.headers['www-authenticate'].contains('error="invalid_token"') == (expectedReason != null)
        and: 'the body is the usual JSON error, with the reason'
            response.jsonError
            response.json.details.contains(expectedReason ?: 'needs a bearer token')
        and: 'neither the token nor the credentials sent are repeated'
            authorization == null || !response.body.contains(authorization.substring(authorization.indexOf(' ') + 1))
        where: 'the request carries'
            scenario                            | authorization                                                           || expectedReason
            'no token'                          | null                                                                    || null
            'HTTP Basic credentials'            | 'Basic ' + 'spec-user:spec-Pa55word'.bytes.encodeBase64()              || null
            'an expired token'                  | issuer.bearer(iat: minutesFromNow(-20), exp: minutesFromNow(-10))      || 'expired'
            'a token of another issuer'         | issuer.bearer(iss: 'https://elsewhere.example/realms/other')            || 'iss claim is not valid'
            'a token signed with another key'   | issuer.bearer([:], issuer.otherKey)                                     || 'Invalid signature'
            'a token that is not a JWT'         | 'Bearer not-a-jwt'                                                      || 'Malformed token'
    }

    def 'A token whose key cannot be read, the key set answering something else, is a 503 in one log line'() {
        given: 'the key set URL answering what is no key set'
            issuer.keySetAnswer = '<html>maintenance</html>'
        when: 'a token names a key the service has not read yet, so that it reads the key set again'
            def response = http.get('/cps/api/v2/admin/dataspaces',
                [Authorization: issuer.bearer([:], issuer.signingKey, 'key-not-read-yet')])
        then: 'the answer is 503 in the JSON error shape: the token is neither refused nor let through'
            response.status == 503
            response.jsonError
            response.json.details.contains('the identity provider\'s keys could not be read')
        and: 'a token of a key already read is still served'
            http.get('/cps/api/v2/admin/dataspaces', authorized()).status == 200
        cleanup:
            issuer.keySetAnswer = null
    }

    def 'Health answers without a token'() {
        expect: 'liveness and readiness are open to probes'
            ['/actuator/health', '/actuator/health/liveness', '/actuator/health/readiness'].every {
                http.get(it).status == 200
            }
    }

    def 'A handle is read by its URL-encoded alternate id with a token'() {
        when: 'the handle is read by its alternate id, slashes encoded as %2F'
            def response = http.get("/ncmp/v1/ch/${URLEncoder.encode(alternateId, 'UTF-8')}", authorized())
        then: 'neither the firewall nor the token check refuses it: the handle is answered, READY after module sync'
            response.status == 200
            response.json.cmHandle == cmHandleId
            response.json.state.cmHandleState == 'READY'
    }

    def 'A pass-through #operation carries the client\'s token to the DMI plugin'() {
        given: 'a token of the issuer'
            def authorization = issuer.bearer()
        when: 'the request is sent by the handle\'s alternate id'
            def response = http.send(method, "/ncmp/v1/ch/${URLEncoder.encode(alternateId, 'UTF-8')}/data/ds/${RUNNING}?resourceIdentifier=things",
                [Authorization: authorization, 'Content-Type': 'application/json'], body?.getBytes('UTF-8'))
        then: 'it is answered'
            response.status == expectedStatus
        and: 'the plugin got the client\'s Authorization header as it came, not the configured credentials'
            dataCallAuthorizations() == [authorization]
        where: 'the operation is'
            operation | method | body                                       || expectedStatus
            'read'    | 'GET'  | null                                       || 200
            'create'  | 'POST' | '{"jwt-spec:things":{"name":"created"}}'   || 201
    }

    def 'NCMP\'s own calls to the plugin carry no token'() {
        expect: 'module sync asked the plugin for the modules and their sources without an Authorization header'
            moduleSyncAuthorizations.size() == 2
            moduleSyncAuthorizations.every { it == null }
    }

    def 'With ncmp.dmi.auth.enabled=true the plugin gets the configured credentials; a JWK set alone checks tokens'() {
        given: 'a second instance that knows the issuer\'s keys only, and sends its own credentials to plugins'
            def basicInstance = start("--spring.security.oauth2.resourceserver.jwt.jwk-set-uri=${issuer.jwkSetUri}",
                '--ncmp.dmi.auth.enabled=true', '--ncmp.dmi.username=dmi-user', '--ncmp.dmi.password=dmi-Pa55word')
            def basicHttp = new RawHttp((basicInstance as WebServerApplicationContext).webServer.port)
        when: 'the handle is read through it with a token'
            def response = basicHttp.get("/ncmp/v1/ch/${cmHandleId}/data/ds/${RUNNING}?resourceIdentifier=things", authorized())
        then: 'the token is accepted and the read answered'
            response.status == 200
        and: 'the plugin got the configured credentials instead of the token'
            dataCallAuthorizations() == ['Basic ' + 'dmi-user:dmi-Pa55word'.bytes.encodeBase64()]
        and: 'a token signed with another key is refused there too'
            basicHttp.get('/cps/api/v2/admin/dataspaces', [Authorization: issuer.bearer([:], issuer.otherKey)]).status == 401
        cleanup: 'the second instance is stopped'
            basicInstance?.close()
    }

    Map<String, String> authorized() {
        [Authorization: issuer.bearer()]
    }

    List<String> dataCallAuthorizations() {
        plugin.findAll(postRequestedFor(urlPathMatching('/dmi/v1/ch/[^/]+/data/ds/.+'))).collect { it.getHeader('Authorization') }
    }

    static Instant minutesFromNow(long minutes) {
        Instant.now() + Duration.ofMinutes(minutes)
    }

    static ConfigurableApplicationContext start(String... settings) {
        new SpringApplicationBuilder(Application).run((TestDatabase.applicationArguments() + [
            '--server.port=0', '--security.auth.enabled=true', '--ncmp.module-sync.enabled=false',
            '--ncmp.data-sync.enabled=false', '--ncmp.dmi.health-check-interval=0s'] + settings.toList())*.toString() as String[])
    }
}
