package io.cpsng

import ch.qos.logback.classic.Level
import ch.qos.logback.classic.Logger
import ch.qos.logback.classic.LoggerContext
import ch.qos.logback.classic.PatternLayout
import ch.qos.logback.classic.spi.ILoggingEvent
import ch.qos.logback.core.AppenderBase
import java.util.concurrent.atomic.AtomicLong
import org.slf4j.LoggerFactory

/**
 * Counts what the application logs at WARN and above as its console writes it: message and exception, bounded as
 * they are there (logback-spring.xml). A failed request is logged at those levels; below them, the service's own
 * background work (Kafka consumers joining their groups, say) would be counted against whichever request ran.
 */
class LogBytes extends AppenderBase<ILoggingEvent> {

    final AtomicLong count = new AtomicLong()
    final PatternLayout layout = new PatternLayout()

    static LogBytes attached() {
        def logBytes = new LogBytes()
        logBytes.start()
        root().addAppender(logBytes)
        logBytes
    }

    void detach() {
        root().detachAppender(this)
    }

    /** The bytes logged while the action ran (and by the threads it set going in that time). */
    long during(Closure action) {
        def before = count.get()
        action()
        count.get() - before
    }

    @Override
    void start() {
        layout.context = LoggerFactory.getILoggerFactory() as LoggerContext
        layout.pattern = '%m%n%wEx'
        layout.start()
        context = layout.context
        super.start()
    }

    @Override
    protected void append(ILoggingEvent event) {
        if (event.level.isGreaterOrEqual(Level.WARN)) {
            count.addAndGet(layout.doLayout(event).length())
        }
    }

    private static Logger root() {
        LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME) as Logger
    }
}
