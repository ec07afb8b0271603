package io.cpsng.cps.api;

import io.cpsng.cps.api.model.ModuleReference;
import io.cpsng.cps.api.model.SchemaSet;
import io.cpsng.cps.api.model.YangResource;
import java.util.Collection;
import java.util.Map;

/** Schema sets: named sets of YANG modules, parsed and validated when created. */
public interface CpsModuleService {

    /** Creates a schema set from YANG sources keyed by file name; invalid or incomplete YANG is refused. */
    void createSchemaSet(String dataspaceName, String schemaSetName, Map<String, String> yangSourcesByFileName);

    /**
     * Creates a schema set from new module sources plus modules already stored (by name and revision),
     * so that a caller fetching sources from elsewhere only fetches those the store lacks.
     */
    void createSchemaSetFromModules(String dataspaceName, String schemaSetName,
                                    Map<String, String> newYangSourcesByFileName,
                                    Collection<ModuleReference> storedModuleReferences);

    /** The given modules (by name and revision) whose sources the store does not hold yet. */
    Collection<ModuleReference> identifyNewModuleReferences(Collection<ModuleReference> moduleReferences);

    /** Creates a schema set from one uploaded file: a .yang module or a .zip of them. */
    void createSchemaSetFromFile(String dataspaceName, String schemaSetName, String fileName, byte[] content);

    SchemaSet getSchemaSet(String dataspaceName, String schemaSetName);

    Collection<SchemaSet> getSchemaSets(String dataspaceName);

    /** Refuses (InUseException) while an anchor uses the schema set; drops module sources no schema set uses. */
    void deleteSchemaSet(String dataspaceName, String schemaSetName);

    /** Deletes those of the named schema sets that no anchor uses (and sources no set uses); returns their names. */
    Collection<String> deleteUnusedSchemaSets(String dataspaceName, Collection<String> schemaSetNames);

    boolean schemaSetExists(String dataspaceName, String schemaSetName);

    Collection<ModuleReference> getModuleReferences(String dataspaceName, String schemaSetName);

    Collection<YangResource> getYangResources(String dataspaceName, String schemaSetName);
}
