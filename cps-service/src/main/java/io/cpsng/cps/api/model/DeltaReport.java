package io.cpsng.cps.api.model;

/**
 * One difference between source and target data (the reference's delta report entry): action create (targetData
 * only), remove (sourceData only) or replace (both, with only the leaves that differ, and the keys of a list
 * entry). The data are nodes without children, named and placed by their xpath.
 */
public record DeltaReport(String action, String xpath, DataNode sourceData, DataNode targetData) {

    public static final String CREATE = "create";
    public static final String REMOVE = "remove";
    public static final String REPLACE = "replace";
}
