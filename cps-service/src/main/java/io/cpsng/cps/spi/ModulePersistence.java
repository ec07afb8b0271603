package io.cpsng.cps.spi;

import io.cpsng.cps.api.model.ModuleReference;
import io.cpsng.cps.api.model.SchemaSet;
import io.cpsng.cps.api.model.YangResource;
import java.util.Collection;

/** Stores schema sets and their YANG sources; a source is stored once however many sets use it. */
public interface ModulePersistence {

    SchemaSetIdentity createSchemaSet(String dataspaceName, String schemaSetName,
                                      Collection<YangResource> yangResources);

    boolean schemaSetExists(String dataspaceName, String schemaSetName);

    /** The stored sources of the given modules (by name and revision); modules not stored are left out. */
    Collection<YangResource> getYangResourcesOfModules(Collection<ModuleReference> moduleReferences);

    /** Deletes those of the named schema sets no anchor uses, and sources no set uses; returns what was deleted. */
    Collection<SchemaSetIdentity> deleteUnusedSchemaSets(String dataspaceName, Collection<String> schemaSetNames);

    SchemaSet getSchemaSet(String dataspaceName, String schemaSetName);

    /** The set as it exists now; NotFoundException if it does not. */
    SchemaSetIdentity getSchemaSetIdentity(String dataspaceName, String schemaSetName);

    Collection<SchemaSet> getSchemaSets(String dataspaceName);

    Collection<YangResource> getYangResources(String dataspaceName, String schemaSetName);

    /** InUseException while an anchor uses it; sources no other schema set uses are deleted too. */
    SchemaSetIdentity deleteSchemaSet(String dataspaceName, String schemaSetName);
}
