package io.cpsng.ncmp.dmi;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How NCMP calls DMI plugins: timeouts, and optional basic credentials (never logged).
 *
 * @param connectTimeout how long to wait for a connection to a plugin
 * @param readTimeout    how long to wait for a plugin's answer
 * @param username       basic-auth user for every plugin, or empty for none
 * @param password       basic-auth password
 */
@ConfigurationProperties("ncmp.dmi")
public record DmiProperties(@DefaultValue("2s") Duration connectTimeout,
                            @DefaultValue("30s") Duration readTimeout,
                            @DefaultValue("") String username,
                            @DefaultValue("") String password) {

    @Override
    public String toString() {
        return "DmiProperties[connectTimeout=" + connectTimeout + ", readTimeout=" + readTimeout
            + ", username=" + username + ", password=" + (password.isEmpty() ? "" : "****") + "]";
    }
}
