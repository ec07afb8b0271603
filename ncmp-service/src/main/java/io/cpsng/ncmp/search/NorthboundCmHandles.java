package io.cpsng.ncmp.search;

import static io.cpsng.ncmp.inventory.InventoryModelLoader.NFP_OPERATIONAL_DATASPACE;

import io.cpsng.cps.api.CpsModuleService;
import io.cpsng.cps.api.model.ModuleReference;
import io.cpsng.cps.api.model.YangResource;
import io.cpsng.ncmp.api.NcmpCmHandleService;
import io.cpsng.ncmp.api.exceptions.CmHandleNotFoundException;
import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.api.model.CmHandleQuery;
import io.cpsng.ncmp.api.model.Results;
import io.cpsng.ncmp.inventory.CmHandleRows;
import io.cpsng.ncmp.inventory.InventoryResults;
import io.cpsng.ncmp.inventory.SearchCondition;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Service;

/**
 * Northbound reads and searches. A reference is tried as a handle id first (the read is needed anyway),
 * then as an alternate id (cached). A handle's modules are those of the schema set its anchor in
 * NFP-Operational uses; a handle that module sync has not reached yet has none.
 */
@Service
class NorthboundCmHandles implements NcmpCmHandleService {

    private static final Comparator<ModuleReference> BY_NAME_AND_REVISION = Comparator
        .comparing(ModuleReference::name)
        .thenComparing(ModuleReference::revision, Comparator.nullsFirst(Comparator.naturalOrder()));

    private final CmHandleRows cmHandleRows;
    private final InventoryResults inventoryResults;
    private final CpsModuleService cpsModuleService;

    NorthboundCmHandles(final CmHandleRows cmHandleRows, final InventoryResults inventoryResults,
                        final CpsModuleService cpsModuleService) {
        this.cmHandleRows = cmHandleRows;
        this.inventoryResults = inventoryResults;
        this.cpsModuleService = cpsModuleService;
    }

    @Override
    public CmHandle getCmHandle(final String cmHandleReference) {
        return cmHandleRows.find(cmHandleReference)
            .orElseThrow(() -> new CmHandleNotFoundException(cmHandleReference));
    }

    @Override
    public Map<String, CmHandle> getCmHandles(final Collection<String> cmHandleReferences) {
        return cmHandleReferences.isEmpty() ? Map.of() : cmHandleRows.findAll(cmHandleReferences);
    }

    @Override
    public List<ModuleReference> getModuleReferences(final String cmHandleReference) {
        return cmHandleRows.findSchemaSetName(cmHandleReference)
            .map(schemaSetName -> cpsModuleService.getModuleReferences(NFP_OPERATIONAL_DATASPACE, schemaSetName)
                .stream().sorted(BY_NAME_AND_REVISION).toList())
            .orElse(List.of());
    }

    @Override
    public List<YangResource> getModuleDefinitions(final String cmHandleReference, final String moduleName,
                                                   final String revision) {
        final boolean filterByName = moduleName != null && !moduleName.isBlank();
        // as in the reference, a revision without a module name is ignored
        final boolean filterByRevision = filterByName && revision != null && !revision.isBlank();
        return cmHandleRows.findSchemaSetName(cmHandleReference)
            .map(schemaSetName -> cpsModuleService.getYangResources(NFP_OPERATIONAL_DATASPACE, schemaSetName)
                .stream()
                .filter(yangResource -> !filterByName || moduleName.equals(yangResource.module().name()))
                .filter(yangResource -> !filterByRevision || revision.equals(yangResource.module().revision()))
                .sorted(Comparator.comparing(YangResource::module, BY_NAME_AND_REVISION))
                .toList())
            .orElse(List.of());
    }

    @Override
    public Results<CmHandle> searchCmHandles(final CmHandleQuery cmHandleQuery) {
        return inventoryResults.cmHandles(cmHandleQuery, SearchCondition.NORTHBOUND);
    }

    @Override
    public Results<String> searchCmHandleReferences(final CmHandleQuery cmHandleQuery,
                                                    final boolean outputAlternateId) {
        return inventoryResults.references(cmHandleQuery, SearchCondition.NORTHBOUND, outputAlternateId);
    }
}
