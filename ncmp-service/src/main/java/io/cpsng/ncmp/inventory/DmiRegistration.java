package io.cpsng.ncmp.inventory;

import static io.cpsng.ncmp.inventory.CmHandleInventory.NFP_OPERATIONAL_DATASPACE;

import io.cpsng.cps.api.CpsAnchorService;
import io.cpsng.cps.api.CpsModuleService;
import io.cpsng.cps.api.NameRules;
import io.cpsng.cps.api.model.Anchor;
import io.cpsng.ncmp.api.NcmpInventoryService;
import io.cpsng.ncmp.api.exceptions.InvalidInputException;
import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.api.model.CmHandleState;
import io.cpsng.ncmp.api.model.CompositeState;
import io.cpsng.ncmp.api.model.DmiPluginRegistration;
import io.cpsng.ncmp.api.model.DmiPluginRegistration.UpgradedCmHandles;
import io.cpsng.ncmp.api.model.LockReason;
import io.cpsng.ncmp.api.model.RegistrationError;
import io.cpsng.ncmp.api.model.RegistrationError.ErrorCode;
import io.cpsng.ncmp.api.model.RegistrationResult;
import io.cpsng.ncmp.sync.ModuleSyncWork;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.net.URI;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Registration of CM handles by DMI plugins. Each operation (remove, create, update, upgrade) checks
 * every handle first, reports those it cannot take, and writes the rest with a handful of bulk calls
 * in one transaction; should that write fail, every handle of that operation is reported.
 */
@Service
class DmiRegistration implements NcmpInventoryService {

    private static final Logger LOGGER = LoggerFactory.getLogger(DmiRegistration.class);

    private final CmHandleInventory cmHandleInventory;
    private final AlternateIds alternateIds;
    private final RegistrationRequestCheck registrationRequestCheck;
    private final ModuleSyncWork moduleSyncWork;
    private final CpsAnchorService cpsAnchorService;
    private final CpsModuleService cpsModuleService;
    private final TransactionTemplate transactionTemplate;
    private final MeterRegistry meterRegistry;

    DmiRegistration(final CmHandleInventory cmHandleInventory, final AlternateIds alternateIds,
                    final RegistrationRequestCheck registrationRequestCheck,
                    final ModuleSyncWork moduleSyncWork, final CpsAnchorService cpsAnchorService,
                    final CpsModuleService cpsModuleService, final PlatformTransactionManager transactionManager,
                    final MeterRegistry meterRegistry) {
        this.cmHandleInventory = cmHandleInventory;
        this.alternateIds = alternateIds;
        this.registrationRequestCheck = registrationRequestCheck;
        this.moduleSyncWork = moduleSyncWork;
        this.cpsAnchorService = cpsAnchorService;
        this.cpsModuleService = cpsModuleService;
        this.transactionTemplate = new TransactionTemplate(transactionManager);
        this.meterRegistry = meterRegistry;
    }

    @Override
    public RegistrationResult updateDmiRegistration(final DmiPluginRegistration registration) {
        registrationRequestCheck.check(registration);
        validatePluginUrls(registration);
        final List<RegistrationError> failedRemoved = timed("removed", registration.removedCmHandles().size(),
            () -> removeCmHandles(registration.removedCmHandles()));
        final List<RegistrationError> failedCreated = timed("created", registration.createdCmHandles().size(),
            () -> createCmHandles(registration));
        final List<RegistrationError> failedUpdated = timed("updated", registration.updatedCmHandles().size(),
            () -> updateCmHandles(registration.updatedCmHandles()));
        final List<RegistrationError> failedUpgraded = timed("upgraded",
            registration.upgradedCmHandles().cmHandles().size(),
            () -> upgradeCmHandles(registration.upgradedCmHandles()));
        return new RegistrationResult(failedCreated, failedUpdated, failedRemoved, failedUpgraded);
    }

    private List<RegistrationError> removeCmHandles(final List<String> cmHandleIds) {
        final List<RegistrationError> errors = new ArrayList<>();
        final Set<String> existingIds = cmHandleInventory.existingIds(cmHandleIds);
        final List<String> removable = new ArrayList<>();
        for (final String cmHandleId : new LinkedHashSet<>(cmHandleIds)) {
            if (existingIds.contains(cmHandleId)) {
                removable.add(cmHandleId);
            } else {
                errors.add(RegistrationError.of(cmHandleId, ErrorCode.CM_HANDLES_NOT_FOUND));
            }
        }
        writeAll(removable, errors, () -> deleteEverythingOf(removable));
        return errors;
    }

    private List<RegistrationError> createCmHandles(final DmiPluginRegistration registration) {
        final List<RegistrationError> errors = new ArrayList<>();
        final Map<String, CmHandle> creatable = new LinkedHashMap<>();
        for (final CmHandle cmHandle : registration.createdCmHandles()) {
            if (!isValidId(cmHandle.id())) {
                errors.add(RegistrationError.of(cmHandle.id(), ErrorCode.CM_HANDLE_INVALID_ID));
            } else if (creatable.putIfAbsent(cmHandle.id(), advised(cmHandle, registration)) != null) {
                errors.add(RegistrationError.of(cmHandle.id(), ErrorCode.CM_HANDLE_ALREADY_EXIST));
            }
        }
        for (final String existingId : cmHandleInventory.existingIds(creatable.keySet())) {
            creatable.remove(existingId);
            errors.add(RegistrationError.of(existingId, ErrorCode.CM_HANDLE_ALREADY_EXIST));
        }
        writeAll(creatable.keySet(), errors, () -> {
            for (final String clashingId : alternateIds.claim(alternateIdsOf(creatable.values()))) {
                creatable.remove(clashingId);
                errors.add(new RegistrationError(clashingId, ErrorCode.CM_HANDLE_ALREADY_EXIST,
                    "alternate id already exists"));
            }
            cmHandleInventory.saveNew(creatable.values());
            moduleSyncWork.enqueueSync(creatable.keySet());
        });
        return errors;
    }

    private List<RegistrationError> updateCmHandles(final List<CmHandle> updates) {
        final List<RegistrationError> errors = new ArrayList<>();
        final Map<String, CmHandle> existing = cmHandleInventory.getCmHandles(
            updates.stream().map(CmHandle::id).toList());
        final Map<String, CmHandle> updated = new LinkedHashMap<>();
        for (final CmHandle update : updates) {
            final CmHandle current = updated.getOrDefault(update.id(), existing.get(update.id()));
            if (current == null) {
                errors.add(RegistrationError.of(update.id(), ErrorCode.CM_HANDLES_NOT_FOUND));
            } else {
                updated.put(update.id(), merge(current, update));
            }
        }
        writeAll(updated.keySet(), errors, () -> cmHandleInventory.replace(updated.values()));
        return errors;
    }

    private List<RegistrationError> upgradeCmHandles(final UpgradedCmHandles upgrade) {
        final List<RegistrationError> errors = new ArrayList<>();
        final Map<String, CmHandle> existing = cmHandleInventory.getCmHandles(upgrade.cmHandles());
        final String targetTag = upgrade.moduleSetTag() == null ? "" : upgrade.moduleSetTag();
        final Map<String, CompositeState> lockedStates = new LinkedHashMap<>();
        for (final String cmHandleId : upgrade.cmHandles()) {
            final CmHandle cmHandle = existing.get(cmHandleId);
            if (cmHandle == null) {
                errors.add(RegistrationError.of(cmHandleId, ErrorCode.CM_HANDLES_NOT_FOUND));
            } else if (cmHandle.state() == null || cmHandle.state().cmHandleState() != CmHandleState.READY) {
                errors.add(RegistrationError.of(cmHandleId, ErrorCode.CM_HANDLES_NOT_READY));
            } else {
                lockedStates.put(cmHandleId, new CompositeState(CmHandleState.LOCKED,
                    new LockReason(LockReason.MODULE_UPGRADE, "Upgrade to ModuleSetTag: " + targetTag), now(),
                    cmHandle.state().dataSyncEnabled(), cmHandle.state().dataSyncState()));
            }
        }
        writeAll(lockedStates.keySet(), errors, () -> {
            cmHandleInventory.updateStates(lockedStates);
            final Map<String, String> targetTags = new LinkedHashMap<>();
            lockedStates.keySet().forEach(cmHandleId -> targetTags.put(cmHandleId, targetTag));
            moduleSyncWork.enqueueUpgrade(targetTags);
        });
        return errors;
    }

    /** The inventory entry, the alternate id, queued work, and the anchor with now-unused schema sets. */
    private void deleteEverythingOf(final Collection<String> cmHandleIds) {
        final Collection<Anchor> anchors = cpsAnchorService.getAnchors(NFP_OPERATIONAL_DATASPACE, cmHandleIds);
        cmHandleInventory.delete(cmHandleIds);
        alternateIds.release(cmHandleIds);
        moduleSyncWork.remove(cmHandleIds);
        cpsAnchorService.deleteAnchors(NFP_OPERATIONAL_DATASPACE, cmHandleIds);
        cpsModuleService.deleteUnusedSchemaSets(NFP_OPERATIONAL_DATASPACE,
            anchors.stream().map(Anchor::schemaSetName).distinct().toList());
    }

    /** Runs the bulk write in one transaction; if it fails, reports every handle it was for. */
    private void writeAll(final Collection<String> cmHandleIds, final List<RegistrationError> errors,
                          final Runnable write) {
        if (cmHandleIds.isEmpty()) {
            return;
        }
        final List<String> attempted = List.copyOf(cmHandleIds);
        final int errorsBefore = errors.size();
        try {
            transactionTemplate.executeWithoutResult(status -> write.run());
        } catch (final RuntimeException writeFailure) {
            LOGGER.error("Registration write for {} handles failed", attempted.size(), writeFailure);
            // errors the write added are void too: the whole write was rolled back
            errors.subList(errorsBefore, errors.size()).clear();
            attempted.forEach(cmHandleId -> errors.add(RegistrationError.of(cmHandleId, ErrorCode.UNKNOWN_ERROR)));
        }
    }

    private <T extends Collection<?>> T timed(final String operation, final int handleCount, final Supplier<T> work) {
        if (handleCount == 0) {
            return work.get();
        }
        final long start = System.nanoTime();
        final T failures = work.get();
        final long nanos = System.nanoTime() - start;
        Timer.builder("ncmp.registration.batch").tag("operation", operation).register(meterRegistry)
            .record(Duration.ofNanos(nanos));
        Counter.builder("ncmp.registration.handles").tag("operation", operation).register(meterRegistry)
            .increment(handleCount - failures.size());
        LOGGER.info("Registration: {} {} handles ({} failed) in {} ms, {} handles/s", operation, handleCount,
            failures.size(), nanos / 1_000_000, nanos == 0 ? 0 : handleCount * 1_000_000_000L / nanos);
        return failures;
    }

    private static CmHandle advised(final CmHandle cmHandle, final DmiPluginRegistration registration) {
        return new CmHandle(cmHandle.id(), registration.dmiPlugin(), registration.dmiDataPlugin(),
            registration.dmiModelPlugin(), withoutNulls(cmHandle.additionalProperties()),
            withoutNulls(cmHandle.publicProperties()), cmHandle.moduleSetTag(), cmHandle.alternateId(),
            cmHandle.dataProducerIdentifier(), cmHandle.trustLevel(),
            new CompositeState(CmHandleState.ADVISED, null, now(), false, null));
    }

    /** Properties mapped to null are removed; a new alternate id or data producer is only taken if none is set. */
    private static CmHandle merge(final CmHandle current, final CmHandle update) {
        return new CmHandle(current.id(), current.dmiServiceName(), current.dmiDataServiceName(),
            current.dmiModelServiceName(), mergeProperties(current.additionalProperties(),
            update.additionalProperties()), mergeProperties(current.publicProperties(), update.publicProperties()),
            current.moduleSetTag(), current.alternateId(),
            firstNonBlank(current.dataProducerIdentifier(), update.dataProducerIdentifier()),
            update.trustLevel() == null ? current.trustLevel() : update.trustLevel(), current.state());
    }

    private static Map<String, String> mergeProperties(final Map<String, String> current,
                                                       final Map<String, String> changes) {
        final Map<String, String> merged = new LinkedHashMap<>(current);
        changes.forEach((name, value) -> {
            if (value == null) {
                merged.remove(name);
            } else {
                merged.put(name, value);
            }
        });
        return merged;
    }

    private static Map<String, String> withoutNulls(final Map<String, String> properties) {
        return mergeProperties(Map.of(), properties);
    }

    private static Map<String, String> alternateIdsOf(final Collection<CmHandle> cmHandles) {
        final Map<String, String> alternateIdsByCmHandleId = new LinkedHashMap<>();
        cmHandles.stream().filter(cmHandle -> cmHandle.alternateId() != null && !cmHandle.alternateId().isBlank())
            .forEach(cmHandle -> alternateIdsByCmHandleId.put(cmHandle.id(), cmHandle.alternateId()));
        return alternateIdsByCmHandleId;
    }

    /** A handle's id names its anchor, so it follows the store's rule for names. */
    private static boolean isValidId(final String cmHandleId) {
        return NameRules.isValid(cmHandleId);
    }

    private static void validatePluginUrls(final DmiPluginRegistration registration) {
        final boolean hasPlugin = !isBlank(registration.dmiPlugin());
        final boolean hasDataAndModelPlugins = !isBlank(registration.dmiDataPlugin())
            && !isBlank(registration.dmiModelPlugin());
        if (!hasPlugin && !hasDataAndModelPlugins && !registration.createdCmHandles().isEmpty()) {
            throw new InvalidInputException("Invalid DMI plugin registration",
                "dmiPlugin, or both dmiDataPlugin and dmiModelPlugin, must be given");
        }
        for (final String pluginUrl : new String[] {registration.dmiPlugin(), registration.dmiDataPlugin(),
            registration.dmiModelPlugin()}) {
            if (!isBlank(pluginUrl) && !isHttpUrl(pluginUrl)) {
                throw new InvalidInputException("Invalid DMI plugin URL",
                    "DMI plugin URL " + pluginUrl + " is not an http(s) URL");
            }
        }
    }

    private static boolean isHttpUrl(final String url) {
        try {
            final URI uri = URI.create(url);
            return ("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null;
        } catch (final IllegalArgumentException notAUri) {
            return false;
        }
    }

    private static boolean isBlank(final String text) {
        return text == null || text.isBlank();
    }

    private static String firstNonBlank(final String first, final String second) {
        return isBlank(first) ? second : first;
    }

    static String now() {
        return OffsetDateTime.now(ZoneOffset.UTC).toString();
    }
}
