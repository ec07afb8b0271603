package io.cpsng.logging;

import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.StackTraceElementProxy;
import java.util.Arrays;
import org.springframework.boot.logging.logback.ExtendedWhitespaceThrowableProxyConverter;

/**
 * A logged exception as Spring Boot writes it, bounded: each message of the chain cut at
 * {@value #MOST_MESSAGE_CHARACTERS} characters (an exception's message may quote a client's value or a whole
 * statement), {@value #MOST_FRAMES} frames of each, and {@value #MOST_CHARACTERS} characters in all.
 */
public class BoundedThrowableConverter extends ExtendedWhitespaceThrowableProxyConverter {

    static final int MOST_MESSAGE_CHARACTERS = 500;
    static final int MOST_FRAMES = 40;
    static final int MOST_CHARACTERS = 6_000;
    private static final int MOST_SUPPRESSED = 3;

    @Override
    protected String throwableProxyToString(final IThrowableProxy throwableProxy) {
        return BoundedMessageConverter.bounded(super.throwableProxyToString(new Bounded(throwableProxy)),
            MOST_CHARACTERS);
    }

    private record Bounded(IThrowableProxy throwableProxy) implements IThrowableProxy {

        @Override
        public String getMessage() {
            return BoundedMessageConverter.bounded(throwableProxy.getMessage(), MOST_MESSAGE_CHARACTERS);
        }

        @Override
        public String getOverridingMessage() {
            return BoundedMessageConverter.bounded(throwableProxy.getOverridingMessage(), MOST_MESSAGE_CHARACTERS);
        }

        @Override
        public String getClassName() {
            return throwableProxy.getClassName();
        }

        @Override
        public StackTraceElementProxy[] getStackTraceElementProxyArray() {
            final StackTraceElementProxy[] frames = throwableProxy.getStackTraceElementProxyArray();
            return frames.length <= MOST_FRAMES ? frames : Arrays.copyOf(frames, MOST_FRAMES);
        }

        @Override
        public int getCommonFrames() {
            return throwableProxy.getStackTraceElementProxyArray().length <= MOST_FRAMES
                ? throwableProxy.getCommonFrames() : 0;
        }

        @Override
        public IThrowableProxy getCause() {
            return throwableProxy.getCause() == null ? null : new Bounded(throwableProxy.getCause());
        }

        @Override
        public IThrowableProxy[] getSuppressed() {
            final IThrowableProxy[] suppressed = throwableProxy.getSuppressed();
            return suppressed == null ? null : Arrays.stream(suppressed).limit(MOST_SUPPRESSED).map(Bounded::new)
                .toArray(IThrowableProxy[]::new);
        }

        @Override
        public boolean isCyclic() {
            return throwableProxy.isCyclic();
        }
    }
}
