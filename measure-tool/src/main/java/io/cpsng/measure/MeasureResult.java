package io.cpsng.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a run measured. Times are in seconds; registration and deregistration run from the first request sent
 * to the last answer; READY from the first registration request to the last handle's state write.
 *
 * @param handles                     handles registered
 * @param registrationSeconds         time of all registration requests
 * @param readySeconds                first registration request to every handle READY; NaN if not all were
 * @param readyAfterLastCallSeconds   last registration answer to every handle READY; NaN if not all were
 * @param readyHandles                handles READY at the end (asked by id-search)
 * @param lockedEvents                module-sync failures seen during the run (each left a handle LOCKED)
 * @param failedRequests              registration and deregistration requests that the service refused in part
 * @param refusedHandles              handles those requests refused
 * @param deregistrationSeconds       time of all deregistration requests; NaN when not deregistered
 * @param cpuCoresBusy                the service's CPU time over the READY time: 1.0 is one core busy; NaN if unknown
 * @param cores                       the service machine's cores; 0 if unknown
 * @param phases                      where a handle's time went
 */
public record MeasureResult(int handles, double registrationSeconds, double readySeconds,
                            double readyAfterLastCallSeconds, int readyHandles, int lockedEvents, int failedRequests,
                            int refusedHandles, double deregistrationSeconds, double cpuCoresBusy, int cores,
                            PhaseSummary phases) {

    public boolean allReady() {
        return readyHandles == handles;
    }

    public double registrationRate() {
        return handles / registrationSeconds;
    }

    public double readyRate() {
        return handles / readySeconds;
    }

    public double deregistrationRate() {
        return handles / deregistrationSeconds;
    }

    /** The results block the tool prints. */
    public List<String> lines() {
        final List<String> lines = new ArrayList<>();
        lines.add("Results:");
        lines.add(String.format(Locale.ROOT, "  %-42s %9.3f s  %,10.0f handles/s", "registration requests",
            registrationSeconds, registrationRate()));
        if (allReady()) {
            lines.add(String.format(Locale.ROOT, "  %-42s %9.3f s  %,10.0f handles/s", "first request to all READY",
                readySeconds, readyRate()));
            lines.add(String.format(Locale.ROOT, "  %-42s %9.3f s", "last request answered to all READY",
                readyAfterLastCallSeconds));
        } else {
            lines.add(String.format(Locale.ROOT, "  NOT ALL READY: %,d of %,d handles", readyHandles, handles));
        }
        if (!Double.isNaN(deregistrationSeconds)) {
            lines.add(String.format(Locale.ROOT, "  %-42s %9.3f s  %,10.0f handles/s", "deregistration requests",
                deregistrationSeconds, deregistrationRate()));
        }
        lines.add(Double.isNaN(cpuCoresBusy) ? "  service CPU: unknown (no process.cpu.time metric)"
            : String.format(Locale.ROOT, "  %-42s %9.0f %% of one core%s", "service CPU while syncing",
                100 * cpuCoresBusy, cores > 0 ? String.format(Locale.ROOT, " (%.0f %% of %d cores)",
                    100 * cpuCoresBusy / cores, cores) : ""));
        lines.add(String.format(Locale.ROOT, "  %-42s %,9d (%,d handles refused), %,d module-sync failures "
            + "(LOCKED)", "failed requests", failedRequests, refusedHandles, lockedEvents));
        return lines;
    }
}
