package io.cpsng.cps.api;

import io.cpsng.cps.tree.SchemaSetModel;

/** Data held outside the store (a cache of one value per document) parsed and validated as the store's own. */
public interface CpsDataTreeService {

    /** The YANG model of the schema set; NotFoundException if there is no such set. */
    SchemaSetModel getSchemaSetModel(String dataspaceName, String schemaSetName);
}
