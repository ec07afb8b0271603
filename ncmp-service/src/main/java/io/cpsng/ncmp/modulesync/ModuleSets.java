package io.cpsng.ncmp.modulesync;

import static io.cpsng.ncmp.inventory.InventoryModelLoader.NFP_OPERATIONAL_DATASPACE;

import io.cpsng.cps.api.CpsModuleService;
import io.cpsng.cps.api.NameRules;
import io.cpsng.cps.api.exceptions.AlreadyDefinedException;
import io.cpsng.cps.api.exceptions.CpsException;
import io.cpsng.cps.api.model.ModuleReference;
import io.cpsng.ncmp.api.exceptions.DmiException;
import io.cpsng.ncmp.api.exceptions.NcmpException;
import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.dmi.DmiClient;
import io.cpsng.ncmp.modulesync.ModuleSyncMetrics.Phase;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.function.Function;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Component;

/**
 * Finds the schema set of each handle, creating the missing ones from the DMI. A tag names its module set,
 * so a tag whose schema set exists costs no DMI call; a handle without a tag is asked for its module
 * references and shares the schema set named after the hash of those with every handle that has the same.
 * Only sources the store lacks are fetched. DMI calls of a batch run at once on virtual threads.
 */
@Component
class ModuleSets {

    /** The schema set of each handle that has one now, and why the others failed, by handle id. */
    record Resolution(Map<String, String> schemaSetNamesByCmHandleId, Map<String, String> failuresByCmHandleId) {
    }

    /** Handles that share a module set; module references are null until asked (tags ask only if needed). */
    private record ModuleSet(String schemaSetName, CmHandle representative, List<ModuleReference> moduleReferences,
                             List<String> cmHandleIds) {
    }

    private static final Logger LOGGER = LoggerFactory.getLogger(ModuleSets.class);
    private static final String UNTAGGED_SCHEMA_SET_PREFIX = "module-set-";
    // module names a lock reason lists when sources are missing: enough to find them, not a page of them
    private static final int MISSING_NAMES_TOLD = 10;

    private final DmiClient dmiClient;
    private final CpsModuleService cpsModuleService;
    private final Function<String, Lock> moduleSetLocks;
    private final ModuleSyncMetrics metrics;
    private final ModuleSyncProperties moduleSyncProperties;

    ModuleSets(final DmiClient dmiClient, final CpsModuleService cpsModuleService,
               final Function<String, Lock> moduleSetLocks, final ModuleSyncMetrics metrics,
               final ModuleSyncProperties moduleSyncProperties) {
        this.dmiClient = dmiClient;
        this.cpsModuleService = cpsModuleService;
        this.moduleSetLocks = moduleSetLocks;
        this.metrics = metrics;
        this.moduleSyncProperties = moduleSyncProperties;
    }

    /** Makes sure the schema set of every handle exists; a handle fails with its module set only. */
    Resolution resolve(final Collection<HandleToSync> handles) {
        final Map<String, String> schemaSetNames = new ConcurrentHashMap<>();
        final Map<String, String> failures = new ConcurrentHashMap<>();
        try (ExecutorService virtualThreads = Executors.newVirtualThreadPerTaskExecutor()) {
            // tags first: their schema sets are being provided while untagged handles wait for the DMI
            for (final ModuleSet moduleSet : groupTaggedHandles(handles)) {
                virtualThreads.submit(() -> provideSchemaSet(moduleSet, schemaSetNames, failures));
            }
            for (final ModuleSet moduleSet : askUntaggedHandles(handles, virtualThreads, failures)) {
                virtualThreads.submit(() -> provideSchemaSet(moduleSet, schemaSetNames, failures));
            }
        }
        return new Resolution(schemaSetNames, failures);
    }

    /** The schema set a tag's module set is stored as: the tag itself when the store accepts it as a name. */
    static String schemaSetNameOfTag(final String moduleSetTag) {
        // a tag the store would refuse as a name gets a name made of its hash
        return NameRules.isValid(moduleSetTag) ? moduleSetTag : "tag-" + sha256(moduleSetTag);
    }

    /** The schema set of a module set without a tag: the same name for the same modules, in any order. */
    static String schemaSetNameOfModules(final Collection<ModuleReference> moduleReferences) {
        final String sortedModules = String.join("\n", moduleReferences.stream()
            .map(moduleReference -> moduleReference.name() + "@" + moduleReference.revision()).sorted().toList());
        return UNTAGGED_SCHEMA_SET_PREFIX + sha256(sortedModules);
    }

    private static List<ModuleSet> groupTaggedHandles(final Collection<HandleToSync> handles) {
        final Map<String, List<HandleToSync>> handlesByTag = new LinkedHashMap<>();
        handles.stream().filter(Predicate.not(ModuleSets::isUntagged))
            .forEach(handle -> handlesByTag.computeIfAbsent(handle.targetTag(), tag -> new ArrayList<>()).add(handle));
        return handlesByTag.entrySet().stream()
            .map(tagAndHandles -> new ModuleSet(schemaSetNameOfTag(tagAndHandles.getKey()),
                tagAndHandles.getValue().getFirst().withTargetTag(), null,
                tagAndHandles.getValue().stream().map(HandleToSync::id).toList()))
            .toList();
    }

    /** Asks the DMI for the modules of every untagged handle at once, and groups the handles by module set. */
    private List<ModuleSet> askUntaggedHandles(final Collection<HandleToSync> handles,
                                               final ExecutorService virtualThreads,
                                               final Map<String, String> failures) {
        final Map<HandleToSync, Future<List<ModuleReference>>> answers = new LinkedHashMap<>();
        handles.stream().filter(ModuleSets::isUntagged).forEach(handle -> answers.put(handle,
            virtualThreads.submit(() -> metrics.time(Phase.DMI_MODULE_REFERENCES, List.of(handle.id()),
                () -> moduleReferencesOf(handle.withTargetTag())))));
        final Map<String, ModuleSet> moduleSetsByName = new LinkedHashMap<>();
        answers.forEach((handle, answer) -> {
            try {
                final List<ModuleReference> moduleReferences = answer.get();
                moduleSetsByName.computeIfAbsent(schemaSetNameOfModules(moduleReferences),
                    name -> new ModuleSet(name, handle.withTargetTag(), moduleReferences, new ArrayList<>()))
                    .cmHandleIds().add(handle.id());
            } catch (final ExecutionException failure) {
                failures.put(handle.id(), describe(failure.getCause()));
            } catch (final InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                failures.put(handle.id(), "interrupted");
            }
        });
        return List.copyOf(moduleSetsByName.values());
    }

    private void provideSchemaSet(final ModuleSet moduleSet, final Map<String, String> schemaSetNames,
                                  final Map<String, String> failures) {
        try {
            createUnlessExists(moduleSet);
            moduleSet.cmHandleIds().forEach(cmHandleId -> schemaSetNames.put(cmHandleId, moduleSet.schemaSetName()));
        } catch (final RuntimeException failure) {
            LOGGER.debug("Module set {} of {} handles failed", moduleSet.schemaSetName(),
                moduleSet.cmHandleIds().size(), failure);
            final String cause = describe(failure);
            moduleSet.cmHandleIds().forEach(cmHandleId -> failures.put(cmHandleId, cause));
        } catch (final InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            moduleSet.cmHandleIds().forEach(cmHandleId -> failures.put(cmHandleId, "interrupted"));
        }
    }

    /**
     * Creates the schema set unless it exists, holding the cluster-wide lock of the module set so that the
     * workers of every instance wanting the same new set wait for one fetch from the DMI instead of each
     * making their own.
     */
    private void createUnlessExists(final ModuleSet moduleSet) throws InterruptedException {
        if (schemaSetExists(moduleSet.schemaSetName())) {
            return;
        }
        final Lock lock = moduleSetLocks.apply(moduleSet.schemaSetName());
        if (!lock.tryLock(moduleSyncProperties.lockWait().toMillis(), TimeUnit.MILLISECONDS)) {
            throw new IllegalStateException("Module set " + moduleSet.schemaSetName()
                + " was being synced by another worker for longer than " + moduleSyncProperties.lockWait());
        }
        try {
            if (!schemaSetExists(moduleSet.schemaSetName())) {
                createSchemaSet(moduleSet);
            }
        } finally {
            lock.unlock();
        }
    }

    private void createSchemaSet(final ModuleSet moduleSet) {
        final List<ModuleReference> moduleReferences = moduleSet.moduleReferences() != null
            ? moduleSet.moduleReferences()
            : metrics.time(Phase.DMI_MODULE_REFERENCES, moduleSet.cmHandleIds(),
                () -> moduleReferencesOf(moduleSet.representative()));
        final Set<ModuleReference> newModuleReferences =
            new HashSet<>(cpsModuleService.identifyNewModuleReferences(moduleReferences));
        final Map<String, String> newSources = newModuleReferences.isEmpty() ? Map.of()
            : metrics.time(Phase.DMI_MODULE_RESOURCES, moduleSet.cmHandleIds(),
                () -> dmiClient.getModuleSources(moduleSet.representative(), newModuleReferences));
        refuseMissingSources(newModuleReferences, newSources.keySet());
        final List<ModuleReference> storedModuleReferences = moduleReferences.stream()
            .filter(Predicate.not(newModuleReferences::contains)).toList();
        metrics.time(Phase.SCHEMA_SET_CREATION, moduleSet.cmHandleIds(), () -> {
            try {
                cpsModuleService.createSchemaSetFromModules(NFP_OPERATIONAL_DATASPACE, moduleSet.schemaSetName(),
                    newSources, storedModuleReferences);
                LOGGER.info("Module set {} stored: {} modules, {} of them fetched", moduleSet.schemaSetName(),
                    moduleReferences.size(), newSources.size());
            } catch (final AlreadyDefinedException createdMeanwhile) {
                LOGGER.debug("Module set {} was stored by another worker", moduleSet.schemaSetName());
            }
        });
    }

    /**
     * The handle's module references from its plugin, refused when it names more than the limit or a module without
     * a name: a plugin naming 1,000,000 modules held a core for minutes and the batches of every other handle.
     */
    private List<ModuleReference> moduleReferencesOf(final CmHandle cmHandle) {
        final List<ModuleReference> moduleReferences = dmiClient.getModuleReferences(cmHandle);
        if (moduleReferences.size() > moduleSyncProperties.maxModulesPerHandle()) {
            throw new DmiException("Too many modules", "the plugin named " + moduleReferences.size()
                + " modules, more than ncmp.module-sync.max-modules-per-handle ("
                + moduleSyncProperties.maxModulesPerHandle() + ")", null);
        }
        if (moduleReferences.stream().anyMatch(moduleReference -> moduleReference.name().isBlank()
            || moduleReference.name().indexOf('\0') >= 0)) {
            throw new DmiException("Module without a name", "the plugin named a module without a name, or with a NUL"
                + " character in it", null);
        }
        return moduleReferences;
    }

    /**
     * Each module fetched must come with its source: a set stored without some of its modules would be shared by
     * every handle naming the same modules, and never fetched again.
     */
    private static void refuseMissingSources(final Collection<ModuleReference> fetchedModuleReferences,
                                             final Collection<String> sourceFileNames) {
        final Set<String> namesWithSource = new HashSet<>();
        sourceFileNames.forEach(fileName -> namesWithSource.add(moduleNameOfFile(fileName)));
        final List<String> withoutSource = fetchedModuleReferences.stream().map(ModuleReference::name)
            .filter(Predicate.not(namesWithSource::contains)).distinct().sorted().limit(MISSING_NAMES_TOLD).toList();
        if (!withoutSource.isEmpty()) {
            throw new DmiException("Module sources missing", "the plugin sent no source for modules it named: "
                + String.join(", ", withoutSource), null);
        }
    }

    /** The module name of a source's file name as DmiClient makes it: name, then @revision when there is one. */
    private static String moduleNameOfFile(final String fileName) {
        final String withoutSuffix = fileName.substring(0, fileName.length() - ".yang".length());
        final int revisionAt = withoutSuffix.lastIndexOf('@');
        return revisionAt < 0 ? withoutSuffix : withoutSuffix.substring(0, revisionAt);
    }

    private boolean schemaSetExists(final String schemaSetName) {
        return cpsModuleService.schemaSetExists(NFP_OPERATIONAL_DATASPACE, schemaSetName);
    }

    private static boolean isUntagged(final HandleToSync handle) {
        return handle.targetTag().isEmpty();
    }

    /** What a lock reason says about a failure: the details of NCMP's and the store's exceptions say most. */
    static String describe(final Throwable failure) {
        final String details = switch (failure) {
            case NcmpException ncmpException -> ncmpException.getDetails();
            case CpsException cpsException -> cpsException.getDetails();
            default -> null;
        };
        if (details != null && !details.isBlank()) {
            return details;
        }
        if (failure instanceof DataAccessException storeFailure) {
            // the exception's own message quotes the statement: clients read lock reasons
            return "the store refused it: " + storeFailure.getMostSpecificCause().getMessage();
        }
        return failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage();
    }

    private static String sha256(final String text) {
        try {
            final byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 16);
        } catch (final NoSuchAlgorithmException notInThisJvm) {
            throw new IllegalStateException("SHA-256 is missing from the JVM", notInThisJvm);
        }
    }
}
