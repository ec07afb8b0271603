package io.cpsng.ncmp.search;

import io.cpsng.ncmp.api.NcmpInventorySearchService;
import io.cpsng.ncmp.api.exceptions.CmHandleNotFoundException;
import io.cpsng.ncmp.api.exceptions.InvalidInputException;
import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.api.model.CmHandleQuery;
import io.cpsng.ncmp.api.model.Results;
import io.cpsng.ncmp.inventory.CmHandleRows;
import io.cpsng.ncmp.inventory.InventoryResults;
import io.cpsng.ncmp.inventory.SearchCondition;
import io.cpsng.ncmp.routing.CmHandleRouter;
import org.springframework.stereotype.Service;

/** The searches DMI plugins make: every condition, private (additional) properties included. */
@Service
class InventorySearch implements NcmpInventorySearchService {

    private final InventoryResults inventoryResults;
    private final CmHandleRouter cmHandleRouter;
    private final CmHandleRows cmHandleRows;

    InventorySearch(final InventoryResults inventoryResults, final CmHandleRouter cmHandleRouter,
                    final CmHandleRows cmHandleRows) {
        this.inventoryResults = inventoryResults;
        this.cmHandleRouter = cmHandleRouter;
        this.cmHandleRows = cmHandleRows;
    }

    @Override
    public Results<String> getCmHandleReferences(final String dmiPluginIdentifier, final boolean outputAlternateId) {
        if (dmiPluginIdentifier == null || dmiPluginIdentifier.isBlank()) {
            throw new InvalidInputException("Invalid query parameter", "dmi-plugin-identifier must not be empty");
        }
        return inventoryResults.referencesOfPlugin(dmiPluginIdentifier, outputAlternateId);
    }

    @Override
    public Results<String> searchCmHandleReferences(final CmHandleQuery cmHandleQuery,
                                                    final boolean outputAlternateId) {
        return inventoryResults.references(cmHandleQuery, SearchCondition.INVENTORY, outputAlternateId);
    }

    @Override
    public Results<CmHandle> searchCmHandles(final CmHandleQuery cmHandleQuery) {
        return inventoryResults.cmHandles(cmHandleQuery, SearchCondition.INVENTORY);
    }

    /** Routed, then read by id: a handle removed in between is not found, as it would be a moment later. */
    @Override
    public CmHandle getCmHandleOwning(final String distinguishedName) {
        if (distinguishedName == null || distinguishedName.isBlank()) {
            throw new InvalidInputException("Invalid query parameter", "distinguishedName must not be empty");
        }
        return cmHandleRouter.route(distinguishedName)
            .flatMap(route -> cmHandleRows.find(route.cmHandleId()))
            .orElseThrow(() -> CmHandleNotFoundException.noOwnerOf(distinguishedName));
    }
}
