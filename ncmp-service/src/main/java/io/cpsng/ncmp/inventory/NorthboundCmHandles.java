package io.cpsng.ncmp.inventory;

import static io.cpsng.ncmp.inventory.CmHandleInventory.NFP_OPERATIONAL_DATASPACE;

import io.cpsng.cps.api.CpsAnchorService;
import io.cpsng.cps.api.CpsModuleService;
import io.cpsng.cps.api.model.Anchor;
import io.cpsng.cps.api.model.ModuleReference;
import io.cpsng.cps.api.model.YangResource;
import io.cpsng.ncmp.api.NcmpCmHandleService;
import io.cpsng.ncmp.api.exceptions.CmHandleNotFoundException;
import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.api.model.CmHandleQuery;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
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

    private final CmHandleInventory cmHandleInventory;
    private final AlternateIds alternateIds;
    private final CmHandleSearch cmHandleSearch;
    private final CpsAnchorService cpsAnchorService;
    private final CpsModuleService cpsModuleService;

    NorthboundCmHandles(final CmHandleInventory cmHandleInventory, final AlternateIds alternateIds,
                        final CmHandleSearch cmHandleSearch, final CpsAnchorService cpsAnchorService,
                        final CpsModuleService cpsModuleService) {
        this.cmHandleInventory = cmHandleInventory;
        this.alternateIds = alternateIds;
        this.cmHandleSearch = cmHandleSearch;
        this.cpsAnchorService = cpsAnchorService;
        this.cpsModuleService = cpsModuleService;
    }

    @Override
    public CmHandle getCmHandle(final String cmHandleReference) {
        final CmHandle cmHandle = readCmHandle(cmHandleReference)
            .or(() -> alternateIds.findCmHandleId(cmHandleReference).flatMap(this::readCmHandle))
            .orElseThrow(() -> new CmHandleNotFoundException(cmHandleReference));
        return withEffectiveTrustLevel(cmHandle);
    }

    @Override
    public List<ModuleReference> getModuleReferences(final String cmHandleReference) {
        return findSchemaSetName(cmHandleReference)
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
        return findSchemaSetName(cmHandleReference)
            .map(schemaSetName -> cpsModuleService.getYangResources(NFP_OPERATIONAL_DATASPACE, schemaSetName)
                .stream()
                .filter(yangResource -> !filterByName || moduleName.equals(yangResource.module().name()))
                .filter(yangResource -> !filterByRevision || revision.equals(yangResource.module().revision()))
                .sorted(Comparator.comparing(YangResource::module, BY_NAME_AND_REVISION))
                .toList())
            .orElse(List.of());
    }

    @Override
    public List<CmHandle> searchCmHandles(final CmHandleQuery cmHandleQuery) {
        final Set<String> cmHandleIds = cmHandleSearch.findCmHandleIds(cmHandleQuery, SearchCondition.NORTHBOUND);
        return cmHandleInventory.getCmHandles(cmHandleIds).values().stream()
            .map(NorthboundCmHandles::withEffectiveTrustLevel)
            .sorted(Comparator.comparing(CmHandle::id))
            .toList();
    }

    @Override
    public List<String> searchCmHandleReferences(final CmHandleQuery cmHandleQuery, final boolean outputAlternateId) {
        return cmHandleSearch.toReferences(
            cmHandleSearch.findCmHandleIds(cmHandleQuery, SearchCondition.NORTHBOUND), outputAlternateId);
    }

    private Optional<CmHandle> readCmHandle(final String cmHandleId) {
        return Optional.ofNullable(cmHandleInventory.getCmHandles(List.of(cmHandleId)).get(cmHandleId));
    }

    /** The schema set of the handle's anchor; empty for a handle without modules yet. */
    private Optional<String> findSchemaSetName(final String cmHandleReference) {
        final String cmHandleId = findCmHandleId(cmHandleReference);
        return cpsAnchorService.getAnchors(NFP_OPERATIONAL_DATASPACE, List.of(cmHandleId)).stream()
            .map(Anchor::schemaSetName)
            .filter(Objects::nonNull)
            .findFirst();
    }

    private String findCmHandleId(final String cmHandleReference) {
        if (!cmHandleInventory.existingIds(List.of(cmHandleReference)).isEmpty()) {
            return cmHandleReference;
        }
        return alternateIds.findCmHandleId(cmHandleReference)
            .orElseThrow(() -> new CmHandleNotFoundException(cmHandleReference));
    }

    /** Handles registered without a trust level are trusted completely, as in the reference. */
    private static CmHandle withEffectiveTrustLevel(final CmHandle cmHandle) {
        if (cmHandle.trustLevel() != null) {
            return cmHandle;
        }
        return new CmHandle(cmHandle.id(), cmHandle.dmiServiceName(), cmHandle.dmiDataServiceName(),
            cmHandle.dmiModelServiceName(), cmHandle.additionalProperties(), cmHandle.publicProperties(),
            cmHandle.moduleSetTag(), cmHandle.alternateId(), cmHandle.dataProducerIdentifier(),
            CmHandleSearch.TRUST_LEVEL_COMPLETE, cmHandle.state());
    }
}
