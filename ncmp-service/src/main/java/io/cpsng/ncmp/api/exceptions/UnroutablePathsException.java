package io.cpsng.ncmp.api.exceptions;

import java.util.List;

/** Paths of a request that no handle owns (no id, no alternate-id prefix): the request is refused whole. */
public class UnroutablePathsException extends NcmpException {

    private static final int PATHS_NAMED = 10;

    public UnroutablePathsException(final List<String> operationsWithoutHandle, final int operations) {
        super(operationsWithoutHandle.size() + " of " + operations + " operations match no cm handle",
            "No cm handle has an id or alternate id that is the path or a prefix of it (whole segments): "
                + String.join(", ", operationsWithoutHandle.subList(0, Math.min(PATHS_NAMED,
                    operationsWithoutHandle.size())))
                + (operationsWithoutHandle.size() > PATHS_NAMED ? " and " + (operationsWithoutHandle.size()
                    - PATHS_NAMED) + " more" : "") + ". Nothing was sent to any DMI plugin.");
    }
}
