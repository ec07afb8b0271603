package io.cpsng.ncmp.registration;

import io.cpsng.cps.api.NameRules;
import io.cpsng.cps.api.exceptions.DatabaseOutage;
import io.cpsng.ncmp.api.NcmpDmiRegistrationService;
import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.api.model.DmiPluginRegistration;
import io.cpsng.ncmp.api.model.DmiPluginRegistration.UpgradedCmHandles;
import io.cpsng.ncmp.api.model.RegistrationError;
import io.cpsng.ncmp.api.model.RegistrationError.ErrorCode;
import io.cpsng.ncmp.api.model.RegistrationResult;
import io.cpsng.ncmp.inventory.RegistrationRows;
import io.cpsng.ncmp.inventory.UnusedModuleSets;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Registration of CM handles by DMI plugins. Each operation (remove, create, update, upgrade) checks
 * every handle first, reports those it cannot take, and writes the rest with a handful of bulk statements
 * in one transaction that locks the handles' rows, so requests on the same handle serialise: a removal and an
 * update of one handle never both succeed on a row the other has changed. Should a write fail, every handle
 * of that operation is reported; should the database be away or full, the request fails as a whole. Ids follow
 * the store's rule for names (they named anchors once, and clients rely on the rule).
 */
@Service
class DmiRegistration implements NcmpDmiRegistrationService {

    private static final Logger LOGGER = LoggerFactory.getLogger(DmiRegistration.class);

    private final RegistrationRows registrationRows;
    private final UnusedModuleSets unusedModuleSets;
    private final RegistrationRequestCheck registrationRequestCheck;
    private final ApplicationEventPublisher applicationEventPublisher;
    private final TransactionTemplate transactionTemplate;
    private final MeterRegistry meterRegistry;

    DmiRegistration(final RegistrationRows registrationRows, final UnusedModuleSets unusedModuleSets,
                    final RegistrationRequestCheck registrationRequestCheck,
                    final ApplicationEventPublisher applicationEventPublisher,
                    final PlatformTransactionManager transactionManager, final MeterRegistry meterRegistry) {
        this.registrationRows = registrationRows;
        this.unusedModuleSets = unusedModuleSets;
        this.registrationRequestCheck = registrationRequestCheck;
        this.applicationEventPublisher = applicationEventPublisher;
        this.transactionTemplate = new TransactionTemplate(transactionManager);
        this.meterRegistry = meterRegistry;
    }

    @Override
    public RegistrationResult updateDmiRegistration(final DmiPluginRegistration registration) {
        registrationRequestCheck.check(registration);
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

    /**
     * Deletes the handles with their unused module sets, telling DELETING and DELETED, in one transaction. Should
     * that fail, the handles are marked DELETING in a second one, so that clients see them going, and
     * {@link StaleDeletions} deletes them later; only if that fails too are they reported as failed.
     */
    private List<RegistrationError> removeCmHandles(final List<String> cmHandleIds) {
        if (cmHandleIds.isEmpty()) {
            return List.of();
        }
        final Set<String> removable = new LinkedHashSet<>(cmHandleIds);
        final Set<String> removed = new LinkedHashSet<>();
        try {
            transactionTemplate.executeWithoutResult(status -> {
                final Map<String, String> deleted = registrationRows.deleteRemoved(removable);
                applicationEventPublisher.publishEvent(new CmHandlesDeleted(deleted.keySet()));
                unusedModuleSets.deleteUnused(deleted.values());
                removed.addAll(deleted.keySet());
            });
        } catch (final RuntimeException deleteFailure) {
            throwIfDatabaseOutage(deleteFailure);
            LOGGER.error("Deleting {} removed handles failed; they are marked DELETING and deleted later",
                removable.size(), deleteFailure);
            removed.clear();
            return markDeleting(removable);
        }
        return notFound(removable, removed);
    }

    private List<RegistrationError> markDeleting(final Set<String> removable) {
        final List<RegistrationError> errors = new ArrayList<>();
        writeAll(removable, errors, () -> errors.addAll(notFound(removable, registrationRows.markDeleting(removable))));
        return errors;
    }

    private static List<RegistrationError> notFound(final Set<String> requested, final Set<String> found) {
        return requested.stream().filter(cmHandleId -> !found.contains(cmHandleId))
            .map(cmHandleId -> RegistrationError.of(cmHandleId, ErrorCode.CM_HANDLES_NOT_FOUND)).toList();
    }

    private List<RegistrationError> createCmHandles(final DmiPluginRegistration registration) {
        final List<RegistrationError> errors = new ArrayList<>();
        final Map<String, CmHandle> creatable = new LinkedHashMap<>();
        for (final CmHandle cmHandle : registration.createdCmHandles()) {
            if (!NameRules.isValid(cmHandle.id())) {
                errors.add(RegistrationError.of(cmHandle.id(), ErrorCode.CM_HANDLE_INVALID_ID));
            } else if (creatable.putIfAbsent(cmHandle.id(), HandleChanges.advised(cmHandle, registration)) != null) {
                errors.add(RegistrationError.of(cmHandle.id(), ErrorCode.CM_HANDLE_ALREADY_EXIST));
            }
        }
        writeAll(creatable.keySet(), errors, () -> {
            final Set<String> inserted = registrationRows.insertAdvised(creatable.values(), Arrays.asList(
                registration.dmiPlugin(), registration.dmiDataPlugin(), registration.dmiModelPlugin()),
                new RegistrationRows.DataJobPlugins(registration.dmiDatajobsReadPlugin(),
                    registration.dmiDatajobsWritePlugin()));
            if (inserted.size() < creatable.size()) {
                reportNotInserted(creatable.keySet(), inserted, errors);
            }
            applicationEventPublisher.publishEvent(new CmHandlesAdvised(inserted.size()));
        });
        return errors;
    }

    /** An id that exists was taken before; otherwise the handle's alternate id was. */
    private void reportNotInserted(final Set<String> attempted, final Set<String> inserted,
                                   final List<RegistrationError> errors) {
        final List<String> notInserted = attempted.stream().filter(cmHandleId -> !inserted.contains(cmHandleId))
            .toList();
        final Set<String> existing = registrationRows.existingIds(notInserted);
        for (final String cmHandleId : notInserted) {
            errors.add(existing.contains(cmHandleId) ? RegistrationError.of(cmHandleId, ErrorCode.CM_HANDLE_ALREADY_EXIST)
                : new RegistrationError(cmHandleId, ErrorCode.CM_HANDLE_ALREADY_EXIST, "alternate id already exists"));
        }
    }

    private List<RegistrationError> updateCmHandles(final List<CmHandle> requestedUpdates) {
        final List<RegistrationError> errors = new ArrayList<>();
        final List<CmHandle> updates = new ArrayList<>();
        for (final CmHandle update : requestedUpdates) {
            if (NameRules.isValid(update.id())) {
                updates.add(update);
            } else {
                errors.add(RegistrationError.of(update.id(), ErrorCode.CM_HANDLE_INVALID_ID));
            }
        }
        final Set<String> cmHandleIds = new LinkedHashSet<>();
        updates.forEach(update -> cmHandleIds.add(update.id()));
        writeAll(cmHandleIds, errors, () -> {
            final Map<String, CmHandle> current = registrationRows.lockForUpdate(cmHandleIds);
            final Map<String, CmHandle> updated = new LinkedHashMap<>();
            for (final CmHandle update : updates) {
                final CmHandle earlierInRequest = updated.get(update.id());
                final CmHandle latest = earlierInRequest == null ? current.get(update.id()) : earlierInRequest;
                if (latest == null) {
                    errors.add(RegistrationError.of(update.id(), ErrorCode.CM_HANDLES_NOT_FOUND));
                } else {
                    // the trust level read is the one clients see (NONE while the plugin is down): only a trust
                    // level given in this request is written
                    final String requestedTrustLevel = update.trustLevel() != null ? update.trustLevel()
                        : earlierInRequest == null ? null : earlierInRequest.trustLevel();
                    updated.put(update.id(), HandleChanges.merged(latest, update, requestedTrustLevel));
                }
            }
            registrationRows.updateRegistered(updated.values());
        });
        return errors;
    }

    private List<RegistrationError> upgradeCmHandles(final UpgradedCmHandles upgrade) {
        final List<RegistrationError> errors = new ArrayList<>();
        final Set<String> cmHandleIds = new LinkedHashSet<>(upgrade.cmHandles());
        final String targetTag = upgrade.moduleSetTag() == null ? "" : upgrade.moduleSetTag();
        writeAll(cmHandleIds, errors, () -> {
            final Set<String> locked = registrationRows.lockForUpgrade(cmHandleIds, targetTag);
            final List<String> notLocked = cmHandleIds.stream().filter(cmHandleId -> !locked.contains(cmHandleId))
                .toList();
            final Set<String> existing = registrationRows.existingIds(notLocked);
            notLocked.forEach(cmHandleId -> errors.add(RegistrationError.of(cmHandleId,
                existing.contains(cmHandleId) ? ErrorCode.CM_HANDLES_NOT_READY : ErrorCode.CM_HANDLES_NOT_FOUND)));
            applicationEventPublisher.publishEvent(new CmHandlesAdvised(locked.size()));
        });
        return errors;
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
            throwIfDatabaseOutage(writeFailure);
            LOGGER.error("Registration write for {} handles failed", attempted.size(), writeFailure);
            // errors the write added are void too: the whole write was rolled back
            errors.subList(errorsBefore, errors.size()).clear();
            attempted.forEach(cmHandleId -> errors.add(RegistrationError.of(cmHandleId, ErrorCode.UNKNOWN_ERROR)));
        }
    }

    /** The database away or out of space fails the request as a whole (503/507), not handle by handle. */
    private static void throwIfDatabaseOutage(final RuntimeException writeFailure) {
        if (DatabaseOutage.of(writeFailure).isPresent()) {
            throw writeFailure;
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
}
