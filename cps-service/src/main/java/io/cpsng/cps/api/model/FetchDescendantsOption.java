package io.cpsng.cps.api.model;

import io.cpsng.cps.api.exceptions.DataValidationException;

/** How many levels below a node a read returns: 0 none, 1 direct children, -1 all. */
public record FetchDescendantsOption(int depth) {

    public static final FetchDescendantsOption OMIT_DESCENDANTS = new FetchDescendantsOption(0);
    public static final FetchDescendantsOption DIRECT_CHILDREN_ONLY = new FetchDescendantsOption(1);
    public static final FetchDescendantsOption INCLUDE_ALL_DESCENDANTS = new FetchDescendantsOption(-1);

    public boolean includesAll() {
        return depth < 0;
    }

    /** Parses the REST form: none, direct, all, or a number of levels (-1 meaning all). */
    public static FetchDescendantsOption parse(final String descendants) {
        if (descendants == null || descendants.isBlank() || "none".equalsIgnoreCase(descendants)) {
            return OMIT_DESCENDANTS;
        }
        if ("all".equalsIgnoreCase(descendants)) {
            return INCLUDE_ALL_DESCENDANTS;
        }
        if ("direct".equalsIgnoreCase(descendants)) {
            return DIRECT_CHILDREN_ONLY;
        }
        try {
            final int depth = Integer.parseInt(descendants.trim());
            if (depth >= -1) {
                return depth == -1 ? INCLUDE_ALL_DESCENDANTS : new FetchDescendantsOption(depth);
            }
        } catch (final NumberFormatException notANumber) {
            // reported below with the accepted values
        }
        throw new DataValidationException("Invalid descendants option",
            "descendants must be none, direct, all or a number >= -1, not '" + descendants + "'");
    }
}
