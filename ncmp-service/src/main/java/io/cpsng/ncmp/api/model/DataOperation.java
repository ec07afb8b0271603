package io.cpsng.ncmp.api.model;

import java.util.Locale;

/** What a pass-through request does with the resource; the DMI plugin API names them in lower case. */
public enum DataOperation {
    READ, CREATE, UPDATE, PATCH, DELETE;

    public String dmiName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
