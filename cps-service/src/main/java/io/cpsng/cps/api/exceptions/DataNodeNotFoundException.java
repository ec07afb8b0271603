package io.cpsng.cps.api.exceptions;

import java.util.Collection;

/** No data node exists at the given xpath(s). */
public class DataNodeNotFoundException extends CpsException {

    public DataNodeNotFoundException(final String dataspaceName, final String anchorName,
                                     final Collection<String> xpaths) {
        super("DataNode not found",
            "No data nodes found for " + String.join(", ", xpaths)
                + " in dataspace " + dataspaceName + ", anchor " + anchorName + ".");
    }
}
