package io.cpsng.ncmp.policy;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * ncmp.policy-executor.*: the reference's optional check of writes by a policy executor (its
 * /operation-permission/v1/permissions API), off by default; the decision when it does not answer.
 */
@ConfigurationProperties("ncmp.policy-executor")
public record PolicyExecutorProperties(@DefaultValue("false") boolean enabled,
                                       @DefaultValue("http://policy-executor") String address,
                                       @DefaultValue("8080") int port,
                                       @DefaultValue("allow") String defaultDecision,
                                       @DefaultValue("10s") Duration timeout) {
}
