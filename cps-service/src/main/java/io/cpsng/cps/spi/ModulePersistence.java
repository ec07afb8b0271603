package io.cpsng.cps.spi;

import io.cpsng.cps.api.model.SchemaSet;
import io.cpsng.cps.api.model.YangResource;
import java.util.Collection;

/** Stores schema sets and their YANG sources; a source is stored once however many sets use it. */
public interface ModulePersistence {

    SchemaSetIdentity createSchemaSet(String dataspaceName, String schemaSetName,
                                      Collection<YangResource> yangResources);

    SchemaSet getSchemaSet(String dataspaceName, String schemaSetName);

    Collection<SchemaSet> getSchemaSets(String dataspaceName);

    Collection<YangResource> getYangResources(String dataspaceName, String schemaSetName);

    /** InUseException while an anchor uses it; sources no other schema set uses are deleted too. */
    SchemaSetIdentity deleteSchemaSet(String dataspaceName, String schemaSetName);
}
