package io.cpsng.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Limits on what one request may carry, so that no single request can run the heap out.
 *
 * @param maxRequestBodySize the largest JSON or XML body accepted (multipart uploads: spring.servlet.multipart)
 */
@ConfigurationProperties("cps.http")
public record HttpLimitsProperties(@DefaultValue("32MB") DataSize maxRequestBodySize) {
}
