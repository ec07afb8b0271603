package io.cpsng.ncmp.modulesync

import io.cpsng.IntegrationSpec
import io.cpsng.cps.api.CpsModuleService
import io.cpsng.dmistub.DmiStub
import io.cpsng.dmistub.DmiStubSettings
import io.cpsng.ncmp.InventoryRows
import io.cpsng.ncmp.api.NcmpDmiRegistrationService
import io.cpsng.ncmp.api.model.CmHandle
import io.cpsng.ncmp.api.model.CmHandleState
import io.cpsng.ncmp.api.model.DmiPluginRegistration
import io.cpsng.ncmp.inventory.ModuleSyncRows
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.test.context.DynamicPropertyRegistry
import org.springframework.test.context.DynamicPropertySource
import spock.lang.AutoCleanup
import spock.lang.Shared
import spock.util.concurrent.PollingConditions

import static io.cpsng.ncmp.inventory.InventoryModelLoader.NFP_OPERATIONAL_DATASPACE

/**
 * Module sync on the real application with the DMI stub: the watchdog's schedule is off, so each feature
 * drives {@link ModuleSyncWatchdog#syncDueHandles()} itself, and back-off is short so retries happen
 * within a feature.
 */
abstract class ModuleSyncIntegrationSpec extends IntegrationSpec {

    @Shared
    @AutoCleanup('stop')
    DmiStub dmiStub = DmiStub.start(DmiStubSettings.DEFAULTS)

    @Autowired
    NcmpDmiRegistrationService ncmpDmiRegistrationService

    @Autowired
    InventoryRows inventoryRows

    @Autowired
    ModuleSyncWatchdog moduleSyncWatchdog

    @Autowired
    ModuleSyncRows moduleSyncRows

    @Autowired
    CpsModuleService cpsModuleService

    @DynamicPropertySource
    static void moduleSync(DynamicPropertyRegistry registry) {
        registry.add('ncmp.module-sync.enabled', { 'false' })
        registry.add('ncmp.module-sync.batch-size', { '100' })
        registry.add('ncmp.module-sync.backoff-base', { '200ms' })
        registry.add('ncmp.module-sync.backoff-cap', { '1s' })
    }

    def setup() {
        dmiStub.reset()
    }

    /** Registers handles in batches of up to 250 through the inventory API, all on the stub. */
    void register(Collection<String> cmHandleIds, String moduleSetTag = '') {
        cmHandleIds.collate(250).each { batch ->
            def cmHandles = batch.collect { new CmHandle(it, null, null, null, [vendor: 'stub'], [:], moduleSetTag, null, null, null, null) }
            def result = ncmpDmiRegistrationService.updateDmiRegistration(
                new DmiPluginRegistration(dmiStub.baseUrl(), null, null, null, null, cmHandles, [], [], null))
            assert result.allSucceeded()
        }
    }

    void deregister(List<String> cmHandleIds) {
        def result = ncmpDmiRegistrationService.updateDmiRegistration(new DmiPluginRegistration(dmiStub.baseUrl(),
            null, null, null, null,
            [], [], cmHandleIds, null))
        assert result.allSucceeded()
    }

    /** Runs sync rounds until the condition holds, failing after the timeout. */
    void syncUntil(double timeoutSeconds = 60, Closure<Boolean> condition) {
        new PollingConditions(timeout: timeoutSeconds, initialDelay: 0, delay: 0.05).eventually {
            // a statement here is a condition: a round may find nothing due (handles backing off), so only count it
            moduleSyncWatchdog.syncDueHandles() >= 0
            assert condition()
        }
    }

    Map<String, CmHandle> cmHandles(Collection<String> cmHandleIds) {
        inventoryRows.getCmHandles(cmHandleIds)
    }

    boolean allInState(Collection<String> cmHandleIds, CmHandleState cmHandleState) {
        def states = cmHandles(cmHandleIds).values()*.state()*.cmHandleState()
        states.size() == cmHandleIds.size() && states.every { it == cmHandleState }
    }

    /** Schema set name by handle id, for the handles among the ids that have a module set. */
    Map<String, String> moduleSetsOf(Collection<String> cmHandleIds) {
        inventoryRows.schemaSetNames(cmHandleIds)
    }

    Set<String> schemaSetNames() {
        cpsModuleService.getSchemaSets(NFP_OPERATIONAL_DATASPACE)*.name() as Set
    }

    int queuedCount(Collection<String> cmHandleIds) {
        inventoryRows.dueIds(cmHandleIds).size()
    }

    static List<String> ids(String prefix, int count) {
        (1..count).collect { "${prefix}-${it}".toString() }
    }
}
