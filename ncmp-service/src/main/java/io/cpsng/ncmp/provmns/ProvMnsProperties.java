package io.cpsng.ncmp.provmns;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/** ncmp.provmns.*: the most operations one JSON Patch may hold (the reference's default, 10). */
@ConfigurationProperties("ncmp.provmns")
public record ProvMnsProperties(@DefaultValue("10") int maxPatchOperations) {
}
