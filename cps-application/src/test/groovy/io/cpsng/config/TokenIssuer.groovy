package io.cpsng.config

import com.nimbusds.jose.JWSAlgorithm
import com.nimbusds.jose.JWSHeader
import com.nimbusds.jose.crypto.RSASSASigner
import com.nimbusds.jose.jwk.JWKSet
import com.nimbusds.jose.jwk.RSAKey
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator
import com.nimbusds.jwt.JWTClaimsSet
import com.nimbusds.jwt.SignedJWT
import com.sun.net.httpserver.HttpExchange
import com.sun.net.httpserver.HttpHandler
import com.sun.net.httpserver.HttpServer
import groovy.json.JsonOutput

import java.nio.charset.StandardCharsets
import java.time.Duration
import java.time.Instant
import java.util.concurrent.atomic.AtomicInteger

/**
 * An identity provider as small as a spec needs: an RSA key pair made here, its public half served as a JWK set
 * and found through an OpenID discovery document, over HTTP on a free port; and tokens signed with it, or with
 * another key of the same id (whose signature must not verify).
 */
class TokenIssuer implements AutoCloseable {

    static final String KEY_ID = 'spec-key'

    final RSAKey signingKey = newKey()
    final RSAKey otherKey = newKey()
    final AtomicInteger requestCount = new AtomicInteger()
    /** What the key set URL answers instead of the keys, when set. */
    volatile String keySetAnswer
    final HttpServer server

    TokenIssuer() {
        server = HttpServer.create(new InetSocketAddress(InetAddress.loopbackAddress, 0), 0)
        server.createContext('/realms/cps-ng/.well-known/openid-configuration', answer {
            JsonOutput.toJson([issuer: issuerUri, jwks_uri: jwkSetUri, subject_types_supported: ['public'],
                               id_token_signing_alg_values_supported: ['RS256']])
        })
        server.createContext('/realms/cps-ng/jwks', answer { keySetAnswer ?: new JWKSet(signingKey.toPublicJWK()).toString() })
        server.start()
    }

    String getIssuerUri() {
        "http://127.0.0.1:${server.address.port}/realms/cps-ng"
    }

    String getJwkSetUri() {
        "${issuerUri}/jwks"
    }

    /** An Authorization header with a token valid for 5 minutes; claims given replace the defaults (exp as an Instant). */
    String bearer(Map claims = [:], RSAKey key = signingKey, String keyId = KEY_ID) {
        def now = Instant.now()
        def allClaims = [sub: 'spec-client', iss: issuerUri, iat: now, exp: now + Duration.ofMinutes(5)] + claims
        def claimsSet = new JWTClaimsSet.Builder()
        allClaims.each { name, value -> claimsSet.claim(name, value instanceof Instant ? Date.from(value) : value) }
        def token = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(keyId).build(), claimsSet.build())
        token.sign(new RSASSASigner(key))
        "Bearer ${token.serialize()}"
    }

    @Override
    void close() {
        server.stop(0)
    }

    private HttpHandler answer(Closure<String> body) {
        { HttpExchange exchange ->
            requestCount.incrementAndGet()
            def bytes = body().getBytes(StandardCharsets.UTF_8)
            exchange.responseHeaders.add('Content-Type', 'application/json')
            exchange.sendResponseHeaders(200, bytes.length)
            exchange.responseBody.withCloseable { it.write(bytes) }
        } as HttpHandler
    }

    private static RSAKey newKey() {
        new RSAKeyGenerator(2048).keyID(KEY_ID).algorithm(JWSAlgorithm.RS256).generate()
    }
}
