package io.cpsng.ncmp.modulesync;

import io.cpsng.ncmp.api.NcmpModuleSyncService;
import io.cpsng.ncmp.api.model.ModuleSyncSettings;
import io.cpsng.ncmp.api.model.ModuleSyncTraceRow;
import java.time.Instant;
import java.util.List;
import org.springframework.stereotype.Component;

/** The operator's view of this instance's module sync: its settings, its parallelism knob and its trace. */
@Component
class ModuleSyncControl implements NcmpModuleSyncService {

    private final ModuleSyncWatchdog moduleSyncWatchdog;
    private final ModuleSyncTrace moduleSyncTrace;
    private final ModuleSyncProperties moduleSyncProperties;

    ModuleSyncControl(final ModuleSyncWatchdog moduleSyncWatchdog, final ModuleSyncTrace moduleSyncTrace,
                      final ModuleSyncProperties moduleSyncProperties) {
        this.moduleSyncWatchdog = moduleSyncWatchdog;
        this.moduleSyncTrace = moduleSyncTrace;
        this.moduleSyncProperties = moduleSyncProperties;
    }

    @Override
    public ModuleSyncSettings settings() {
        return new ModuleSyncSettings(moduleSyncWatchdog.parallelism(), moduleSyncProperties.batchSize(),
            moduleSyncProperties.interval(), moduleSyncProperties.traceCapacity());
    }

    @Override
    public void setParallelism(final int parallelism) {
        moduleSyncWatchdog.setParallelism(parallelism);
    }

    @Override
    public List<ModuleSyncTraceRow> trace(final Instant since) {
        return moduleSyncTrace.rowsEndingSince(ModuleSyncTrace.epochMicros(since));
    }
}
