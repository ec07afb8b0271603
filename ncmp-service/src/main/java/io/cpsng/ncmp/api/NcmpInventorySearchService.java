package io.cpsng.ncmp.api;

import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.api.model.CmHandleQuery;
import io.cpsng.ncmp.api.model.Results;

/**
 * What DMI plugins call to find their handles. Besides the northbound conditions, searches here may use
 * hasAllAdditionalProperties and cmHandleWithDmiPlugin, and cps-paths may reach additional properties.
 */
public interface NcmpInventorySearchService {

    /** The ids (or alternate ids) of the handles that name the plugin as DMI, data or model plugin, ordered. */
    Results<String> getCmHandleReferences(String dmiPluginIdentifier, boolean outputAlternateId);

    /** The ids (or alternate ids) of the handles meeting every condition, ordered; InvalidInputException if malformed. */
    Results<String> searchCmHandleReferences(CmHandleQuery cmHandleQuery, boolean outputAlternateId);

    /** The handles meeting every condition, ordered by id, with their additional properties; as above. */
    Results<CmHandle> searchCmHandles(CmHandleQuery cmHandleQuery);

    /**
     * The handle owning the distinguished name (an FDN), as ProvMnS routes it (ADR 0010), with its additional
     * properties; CmHandleNotFoundException if no handle owns it, InvalidInputException if it is empty.
     */
    CmHandle getCmHandleOwning(String distinguishedName);
}
