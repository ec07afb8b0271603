package io.cpsng.ncmp.registration;

import io.cpsng.ncmp.api.NcmpModuleRefreshService;
import io.cpsng.ncmp.api.exceptions.InvalidInputException;
import io.cpsng.ncmp.api.model.CmHandleQuery;
import io.cpsng.ncmp.api.model.CmHandleState;
import io.cpsng.ncmp.inventory.InventoryResults;
import io.cpsng.ncmp.inventory.RegistrationRows;
import io.cpsng.ncmp.inventory.SearchCondition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;

/**
 * Module refresh as an upgrade to no tag: the untagged READY handles found are locked with MODULE_REFRESH and due,
 * and module sync (which asks an untagged handle's plugin for its module references) moves each to the module set
 * of its answer, a new one if the references changed. A handle that left READY meanwhile is not locked.
 */
@Service
class ModuleRefresh implements NcmpModuleRefreshService {

    private static final Logger LOGGER = LoggerFactory.getLogger(ModuleRefresh.class);
    // ids locked in one statement: an array parameter, so any size is valid; this keeps each lock short
    private static final int LOCK_BATCH_SIZE = 2_000;

    private final InventoryResults inventoryResults;
    private final RegistrationRows registrationRows;
    private final ApplicationEventPublisher applicationEventPublisher;

    ModuleRefresh(final InventoryResults inventoryResults, final RegistrationRows registrationRows,
                  final ApplicationEventPublisher applicationEventPublisher) {
        this.inventoryResults = inventoryResults;
        this.registrationRows = registrationRows;
        this.applicationEventPublisher = applicationEventPublisher;
    }

    @Override
    public Map<String, List<String>> refreshModules(final CmHandleQuery cmHandleQuery) {
        if (cmHandleQuery.conditions().isEmpty()) {
            // every handle LOCKED at once (data requests refused until each is READY again) is not what a refresh
            // without conditions should do by accident
            throw new InvalidInputException("Invalid module refresh", "A module refresh names the handles to"
                + " refresh with at least one condition of cmHandleQueryParameters");
        }
        final Map<String, List<String>> referencesByTag = new LinkedHashMap<>();
        final List<String> untaggedReady = new ArrayList<>();
        inventoryResults.cmHandles(cmHandleQuery, SearchCondition.INVENTORY)
            .forEach(cmHandle -> {
                referencesByTag.computeIfAbsent(cmHandle.moduleSetTag(), tag -> new ArrayList<>())
                    .add(cmHandle.alternateId() == null || cmHandle.alternateId().isBlank()
                        ? cmHandle.id() : cmHandle.alternateId());
                if (cmHandle.moduleSetTag().isEmpty()
                    && cmHandle.state().cmHandleState() == CmHandleState.READY) {
                    untaggedReady.add(cmHandle.id());
                }
            });
        int locked = 0;
        for (int from = 0; from < untaggedReady.size(); from += LOCK_BATCH_SIZE) {
            locked += registrationRows.lockForRefresh(
                untaggedReady.subList(from, Math.min(untaggedReady.size(), from + LOCK_BATCH_SIZE))).size();
        }
        if (locked > 0) {
            applicationEventPublisher.publishEvent(new CmHandlesAdvised(locked));
        }
        LOGGER.info("Module refresh: {} handles found, {} without a tag locked for a refresh",
            referencesByTag.values().stream().mapToInt(List::size).sum(), locked);
        return referencesByTag;
    }
}
