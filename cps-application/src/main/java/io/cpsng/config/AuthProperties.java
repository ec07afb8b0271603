package io.cpsng.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * HTTP Basic credentials for the REST API. There is no default password: without one the service
 * makes one up at start and logs it once.
 *
 * @param enabled  false turns authentication off (tests, local experiments)
 * @param username the one user's name
 * @param password the one user's password, or empty to have one generated
 */
@ConfigurationProperties("security.auth")
public record AuthProperties(@DefaultValue("true") boolean enabled,
                             @DefaultValue("cpsuser") String username,
                             @DefaultValue("") String password) {

    @Override
    public String toString() {
        return "AuthProperties[enabled=" + enabled + ", username=" + username + ", password=****]";
    }
}
