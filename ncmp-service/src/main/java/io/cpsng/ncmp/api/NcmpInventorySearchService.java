package io.cpsng.ncmp.api;

import io.cpsng.ncmp.api.model.CmHandleQuery;
import java.util.List;

/**
 * What DMI plugins call to find their handles. Besides the northbound conditions, searches here may use
 * hasAllAdditionalProperties and cmHandleWithDmiPlugin, and cps-paths may reach additional properties.
 */
public interface NcmpInventorySearchService {

    /** The ids (or alternate ids) of the handles that name the plugin as DMI, data or model plugin, ordered. */
    List<String> getCmHandleReferences(String dmiPluginIdentifier, boolean outputAlternateId);

    /** The ids (or alternate ids) of the handles meeting every condition, ordered; InvalidInputException if malformed. */
    List<String> searchCmHandleReferences(CmHandleQuery cmHandleQuery, boolean outputAlternateId);
}
