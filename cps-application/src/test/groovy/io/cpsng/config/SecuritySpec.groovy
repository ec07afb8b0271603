package io.cpsng.config

import io.cpsng.TestDatabase
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.test.context.SpringBootTest
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc
import org.springframework.context.ApplicationContext
import org.springframework.security.oauth2.jwt.JwtDecoder
import org.springframework.test.context.DynamicPropertyRegistry
import org.springframework.test.context.DynamicPropertySource
import org.springframework.test.web.servlet.MockMvc
import spock.lang.Specification

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post

/** Authentication as deployed: on, with configured credentials. */
@SpringBootTest(properties = ['security.auth.enabled=true', 'security.auth.username=operator',
    'security.auth.password=s3cret-Pa55', 'ncmp.module-sync.enabled=false', 'ncmp.data-sync.enabled=false'])
@AutoConfigureMockMvc
class SecuritySpec extends Specification {

    @Autowired
    MockMvc mvc

    @Autowired
    ApplicationContext applicationContext

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestDatabase.register(registry)
    }

    def '#path without credentials answers #expectedStatus'() {
        when: 'the endpoint is called without credentials'
            def response = mvc.perform(get(path)).andReturn().response
        then: 'the status is as expected'
            response.status == expectedStatus
        where: 'the endpoint is'
            path                                        || expectedStatus
            '/cps/api/v2/admin/dataspaces'              || 401
            '/ncmp/v1/ch/some-handle'                   || 401
            '/ncmpInventory/v1/ch/cmHandles'            || 401
            '/actuator/prometheus'                      || 401
            '/actuator/modulesync'                      || 401
            '/actuator/modulesynctrace'                 || 401
            '/actuator/health'                          || 200
            '/actuator/health/readiness'                || 200
    }

    def 'With the configured credentials the API answers'() {
        expect: 'the store, the metrics and module sync\'s management endpoints answer 200'
            ['/cps/api/v2/admin/dataspaces', '/actuator/prometheus', '/actuator/modulesync', '/actuator/modulesynctrace'].every {
                mvc.perform(get(it).header('Authorization', basic('operator', 's3cret-Pa55'))).andReturn().response.status == 200
            }
    }

    def 'Wrong credentials get a JSON 401 that does not repeat them'() {
        when: 'a request carries a wrong password'
            def response = mvc.perform(post('/cps/api/v2/dataspaces').param('dataspace-name', 'x')
                .header('Authorization', basic('operator', 'wrong-Pa55word'))).andReturn().response
        then: 'it is refused with the usual error shape'
            response.status == 401
            response.contentAsString.contains('"status":"401 UNAUTHORIZED"')
        and: 'neither the sent nor the real password is in the body'
            !response.contentAsString.contains('wrong-Pa55word')
            !response.contentAsString.contains('s3cret-Pa55')
    }

    def 'Without an issuer or a JWK set, a bearer token is no way in and nothing is set up to check one'() {
        when: 'a request carries a bearer token'
            def response = mvc.perform(get('/cps/api/v2/admin/dataspaces').header('Authorization', 'Bearer abc.def.ghi'))
                .andReturn().response
        then: 'it is refused with the Basic challenge, as without credentials'
            response.status == 401
            response.getHeader('WWW-Authenticate') == 'Basic realm="cps-ng"'
        and: 'no JWT decoder was made'
            applicationContext.getBeanNamesForType(JwtDecoder).length == 0
    }

    static String basic(String username, String password) {
        'Basic ' + "${username}:${password}".toString().bytes.encodeBase64()
    }
}
