package io.cpsng.perf

import org.spockframework.runtime.extension.IGlobalExtension

/** Starts the report before the first spec and writes it after the last, once per test JVM. */
class PerfReportExtension implements IGlobalExtension {

    @Override
    void start() {
        PerfRecorder.startRun()
    }

    @Override
    void stop() {
        PerfRecorder.finishRun()
    }
}
