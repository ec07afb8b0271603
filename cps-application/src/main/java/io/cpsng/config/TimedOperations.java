package io.cpsng.config;

import io.micrometer.core.annotation.Timed;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.annotation.AnnotatedElementUtils;

/** Times a call of a class annotated with @Timed: the annotation's name, tagged with class, method and exception. */
final class TimedOperations implements MethodInterceptor {

    private static final String NO_EXCEPTION = "none";

    private final ObjectProvider<MeterRegistry> meterRegistry;
    private final Map<Class<?>, String> timerNamesByClass = new ConcurrentHashMap<>();

    TimedOperations(final ObjectProvider<MeterRegistry> meterRegistry) {
        this.meterRegistry = meterRegistry;
    }

    @Override
    public Object invoke(final MethodInvocation invocation) throws Throwable {
        final MeterRegistry registry = meterRegistry.getObject();
        final Timer.Sample sample = Timer.start(registry);
        String exception = NO_EXCEPTION;
        try {
            return invocation.proceed();
        } catch (final Throwable thrown) {
            exception = thrown.getClass().getSimpleName();
            throw thrown;
        } finally {
            sample.stop(Timer.builder(timerName(invocation))
                .tag("class", invocation.getMethod().getDeclaringClass().getName())
                .tag("method", invocation.getMethod().getName())
                .tag("exception", exception)
                .register(registry));
        }
    }

    private String timerName(final MethodInvocation invocation) {
        final Class<?> targetClass = AopUtils.getTargetClass(invocation.getThis());
        return timerNamesByClass.computeIfAbsent(targetClass,
            annotatedClass -> AnnotatedElementUtils.findMergedAnnotation(annotatedClass, Timed.class).value());
    }
}
