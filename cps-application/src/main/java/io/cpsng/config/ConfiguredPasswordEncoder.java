package io.cpsng.config;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * Checks a password against the one configured password by SHA-256 digest, compared in constant time. A slow hash
 * (bcrypt, Spring's default) protects stored hashes against offline guessing; this password is not stored
 * anywhere but in the process's configuration, and bcrypt cost ~80 ms of CPU on every request with Basic
 * credentials: 9 of 10 CPU samples of a registration run against the demo.
 */
final class ConfiguredPasswordEncoder implements PasswordEncoder {

    private static final HexFormat HEX = HexFormat.of();

    @Override
    public String encode(final CharSequence rawPassword) {
        return HEX.formatHex(sha256(rawPassword));
    }

    @Override
    public boolean matches(final CharSequence rawPassword, final String encodedPassword) {
        if (rawPassword == null || encodedPassword == null || encodedPassword.length() != 64) {
            return false;
        }
        try {
            return MessageDigest.isEqual(sha256(rawPassword), HEX.parseHex(encodedPassword));
        } catch (final IllegalArgumentException notHex) {
            return false;
        }
    }

    private static byte[] sha256(final CharSequence text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.toString().getBytes(StandardCharsets.UTF_8));
        } catch (final NoSuchAlgorithmException missingFromTheJdk) {
            throw new IllegalStateException("Every JDK provides SHA-256", missingFromTheJdk);
        }
    }
}
