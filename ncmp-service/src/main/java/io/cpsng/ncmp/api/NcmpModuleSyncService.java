package io.cpsng.ncmp.api;

import io.cpsng.ncmp.api.model.ModuleSyncSettings;
import io.cpsng.ncmp.api.model.ModuleSyncTraceRow;
import java.time.Instant;
import java.util.List;

/** What operators and measurements call: module sync's settings, its parallelism, and the trace of its phases. */
public interface NcmpModuleSyncService {

    /** The settings this instance's module sync works with now. */
    ModuleSyncSettings settings();

    /** Sets the batches this instance syncs at once from its next round on; InvalidInputException outside 1..64. */
    void setParallelism(int parallelism);

    /** The trace rows of this instance whose phase ended at or after since, oldest first. */
    List<ModuleSyncTraceRow> trace(Instant since);
}
