package io.cpsng.cps.api.exceptions;

/** A dataspace, schema set or anchor named in the request does not exist: bad input, answered 400. */
public class NotFoundException extends CpsException {

    public NotFoundException(final String message, final String details) {
        super(message, details);
    }

    public static NotFoundException dataspace(final String dataspaceName) {
        return new NotFoundException("Dataspace not found",
            "Dataspace with name " + dataspaceName + " does not exist.");
    }

    public static NotFoundException schemaSet(final String dataspaceName, final String schemaSetName) {
        return new NotFoundException("Schema set not found",
            "Schema set with name " + schemaSetName + " was not found for dataspace " + dataspaceName + ".");
    }

    public static NotFoundException anchor(final String dataspaceName, final String anchorName) {
        return new NotFoundException("Anchor not found",
            "Anchor with name " + anchorName + " does not exist in dataspace " + dataspaceName + ".");
    }
}
