package io.cpsng.ncmp.inventory;

import io.cpsng.ncmp.api.NcmpInventorySearchService;
import io.cpsng.ncmp.api.exceptions.InvalidInputException;
import io.cpsng.ncmp.api.model.CmHandleQuery;
import java.util.List;
import org.springframework.stereotype.Service;

/** The searches DMI plugins make: every condition, private (additional) properties included. */
@Service
class InventorySearch implements NcmpInventorySearchService {

    private final CmHandleSearch cmHandleSearch;

    InventorySearch(final CmHandleSearch cmHandleSearch) {
        this.cmHandleSearch = cmHandleSearch;
    }

    @Override
    public List<String> getCmHandleReferences(final String dmiPluginIdentifier, final boolean outputAlternateId) {
        if (dmiPluginIdentifier == null || dmiPluginIdentifier.isBlank()) {
            throw new InvalidInputException("Invalid query parameter", "dmi-plugin-identifier must not be empty");
        }
        return cmHandleSearch.toReferences(cmHandleSearch.findCmHandleIdsWithDmiPlugin(dmiPluginIdentifier),
            outputAlternateId);
    }

    @Override
    public List<String> searchCmHandleReferences(final CmHandleQuery cmHandleQuery, final boolean outputAlternateId) {
        return cmHandleSearch.toReferences(
            cmHandleSearch.findCmHandleIds(cmHandleQuery, SearchCondition.INVENTORY), outputAlternateId);
    }
}
