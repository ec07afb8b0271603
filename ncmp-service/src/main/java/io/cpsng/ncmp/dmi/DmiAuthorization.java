package io.cpsng.ncmp.dmi;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The Authorization header of a DMI call, decided as the reference's DmiRestClient decides it. With
 * ncmp.dmi.auth.enabled (the default) every call carries the configured basic credentials, if any. Without, a call
 * made for a client carries the client's bearer token, so a plugin can act as that client; NCMP's own calls (module
 * sync, health checks) carry nothing, and neither do a client's basic credentials, which are NCMP's and no plugin's.
 */
final class DmiAuthorization {

    private static final String BEARER = "Bearer ";

    private final boolean configuredCredentialsOnly;
    private final String configuredCredentials;

    DmiAuthorization(final DmiProperties dmiProperties) {
        this.configuredCredentialsOnly = dmiProperties.auth().enabled();
        this.configuredCredentials = dmiProperties.username().isEmpty() ? null : "Basic " + Base64.getEncoder()
            .encodeToString((dmiProperties.username() + ":" + dmiProperties.password())
                .getBytes(StandardCharsets.UTF_8));
    }

    /** The header to send, or null for none; the caller's is the client's Authorization, null for NCMP's own calls. */
    String headerFor(final String callerAuthorization) {
        if (configuredCredentialsOnly) {
            return configuredCredentials;
        }
        return isBearerToken(callerAuthorization) ? callerAuthorization : null;
    }

    /** The scheme is case-insensitive (RFC 9110), as the reference reads it. */
    private static boolean isBearerToken(final String authorization) {
        return authorization != null && authorization.regionMatches(true, 0, BEARER, 0, BEARER.length());
    }
}
