package io.cpsng.ncmp.registration;

import io.cpsng.ncmp.api.exceptions.InvalidInputException;
import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.api.model.DmiPluginRegistration;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;

/**
 * What makes a registration request invalid as a whole, checked before anything is written: an entry that is
 * not a handle, more handles than one request may carry, a value longer than allowed, plugins missing or not
 * http(s) URLs. Problems of one handle (an invalid or existing id) are answered per handle by the registration.
 */
@Component
@EnableConfigurationProperties(RegistrationProperties.class)
class RegistrationRequestCheck {

    private static final String INVALID_REGISTRATION = "Invalid registration request";

    private final RegistrationProperties registrationProperties;
    private final Pattern allowedPluginUrls;

    /** The pattern is ncmp.dmi.allowed-url-pattern (the reference's name); blank allows any http(s) URL. */
    RegistrationRequestCheck(final RegistrationProperties registrationProperties,
                             @Value("${ncmp.dmi.allowed-url-pattern:}") final String allowedPluginUrlPattern) {
        this.registrationProperties = registrationProperties;
        this.allowedPluginUrls = allowedPluginUrlPattern.isBlank() ? null : Pattern.compile(allowedPluginUrlPattern);
    }

    void check(final DmiPluginRegistration registration) {
        checkNoNullEntries("createdCmHandles", registration.createdCmHandles());
        checkNoNullEntries("updatedCmHandles", registration.updatedCmHandles());
        checkNoNullEntries("removedCmHandles", registration.removedCmHandles());
        checkNoNullEntries("upgradedCmHandles.cmHandles", registration.upgradedCmHandles().cmHandles());
        checkHandleCount(registration);
        checkValueLengths("createdCmHandles", registration.createdCmHandles());
        checkValueLengths("updatedCmHandles", registration.updatedCmHandles());
        checkLength("upgradedCmHandles.moduleSetTag", registration.upgradedCmHandles().moduleSetTag());
        validatePluginUrls(registration);
    }

    private static void checkNoNullEntries(final String field, final List<?> entries) {
        // no indexOf(null): immutable lists refuse to look for null
        final int nullIndex = IntStream.range(0, entries.size()).filter(index -> entries.get(index) == null)
            .findFirst().orElse(-1);
        if (nullIndex >= 0) {
            throw new InvalidInputException(INVALID_REGISTRATION,
                field + "[" + nullIndex + "] is null: each entry must be " + (field.startsWith("created")
                    || field.startsWith("updated") ? "a CM handle object" : "a CM handle id"));
        }
    }

    private void checkHandleCount(final DmiPluginRegistration registration) {
        final long handleCount = (long) registration.createdCmHandles().size()
            + registration.updatedCmHandles().size() + registration.removedCmHandles().size()
            + registration.upgradedCmHandles().cmHandles().size();
        if (handleCount > registrationProperties.maxHandlesPerRequest()) {
            throw new InvalidInputException(INVALID_REGISTRATION, "The request holds " + handleCount
                + " CM handles; at most " + registrationProperties.maxHandlesPerRequest()
                + " are accepted in one request (ncmp.registration.max-handles-per-request): send them in batches");
        }
    }

    private void checkValueLengths(final String field, final List<CmHandle> cmHandles) {
        for (int index = 0; index < cmHandles.size(); index++) {
            final CmHandle cmHandle = cmHandles.get(index);
            final String where = field + "[" + index + "] (" + cmHandle.id() + ")";
            checkLength(where + " alternateId", cmHandle.alternateId());
            checkLength(where + " moduleSetTag", cmHandle.moduleSetTag());
            checkLength(where + " dataProducerIdentifier", cmHandle.dataProducerIdentifier());
            checkValues(where + " cmHandleProperties", cmHandle.additionalProperties());
            checkValues(where + " publicCmHandleProperties", cmHandle.publicProperties());
        }
    }

    private void checkValues(final String where, final Map<String, String> properties) {
        properties.forEach((name, value) -> checkLength(where + "." + name, value));
    }

    private void checkLength(final String where, final String value) {
        if (value != null && value.length() > registrationProperties.maxPropertyValueLength()) {
            throw new InvalidInputException(INVALID_REGISTRATION, where + " is " + value.length()
                + " characters long; at most " + registrationProperties.maxPropertyValueLength()
                + " are accepted (ncmp.registration.max-property-value-length)");
        }
    }

    private void validatePluginUrls(final DmiPluginRegistration registration) {
        final boolean hasPlugin = !isBlank(registration.dmiPlugin());
        final boolean hasDataAndModelPlugins = !isBlank(registration.dmiDataPlugin())
            && !isBlank(registration.dmiModelPlugin());
        if (!hasPlugin && !hasDataAndModelPlugins && !registration.createdCmHandles().isEmpty()) {
            throw new InvalidInputException("Invalid DMI plugin registration",
                "dmiPlugin, or both dmiDataPlugin and dmiModelPlugin, must be given");
        }
        validatePluginUrl("dmiPlugin", registration.dmiPlugin());
        validatePluginUrl("dmiDataPlugin", registration.dmiDataPlugin());
        validatePluginUrl("dmiModelPlugin", registration.dmiModelPlugin());
        validatePluginUrl("dmiDatajobsReadPlugin", registration.dmiDatajobsReadPlugin());
        validatePluginUrl("dmiDatajobsWritePlugin", registration.dmiDatajobsWritePlugin());
    }

    /**
     * An http(s) URL with a host and, where an allowed pattern is set, matching it whole: NCMP calls what is
     * registered, so a plugin URL chooses where NCMP's requests go (the reference's SSRF fix, with its messages).
     * Unlike the reference, the scheme and host are checked with a pattern too.
     */
    private void validatePluginUrl(final String field, final String url) {
        if (isBlank(url)) {
            return;
        }
        checkLength(field, url);
        final URI uri;
        try {
            uri = URI.create(url);
        } catch (final IllegalArgumentException notAUri) {
            throw invalidPluginUrl(field, "URL is not valid: " + url);
        }
        if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())) {
            throw invalidPluginUrl(field, "Only http or https schemes are allowed, got: " + url);
        }
        if (uri.getHost() == null) {
            throw invalidPluginUrl(field, "URL must contain a valid host: " + url);
        }
        if (allowedPluginUrls != null && !allowedPluginUrls.matcher(url).matches()) {
            throw invalidPluginUrl(field, "URL does not match the allowed pattern: " + url);
        }
    }

    private static InvalidInputException invalidPluginUrl(final String field, final String details) {
        return new InvalidInputException("Invalid DMI plugin URL for " + field, details);
    }

    private static boolean isBlank(final String text) {
        return text == null || text.isBlank();
    }
}
