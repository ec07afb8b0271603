package io.cpsng.cps.api.exceptions;

import java.util.Collection;

/** Something with this name or xpath exists already. */
public class AlreadyDefinedException extends CpsException {

    public AlreadyDefinedException(final String message, final String details) {
        super(message, details);
    }

    public static AlreadyDefinedException forName(final String kind, final String name, final String context) {
        return new AlreadyDefinedException("Already defined exception",
            kind + " with name " + name + " already exists" + (context == null ? "." : " in " + context + "."));
    }

    public static AlreadyDefinedException forXpaths(final String anchorName, final Collection<String> xpaths) {
        return new AlreadyDefinedException("Already defined exception",
            "Data nodes " + String.join(", ", xpaths) + " already exist in anchor " + anchorName + ".");
    }
}
