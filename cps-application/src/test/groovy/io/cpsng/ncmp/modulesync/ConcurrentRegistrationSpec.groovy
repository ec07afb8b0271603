package io.cpsng.ncmp.modulesync

import io.cpsng.ncmp.api.model.CmHandle
import io.cpsng.ncmp.api.model.DmiPluginRegistration
import io.cpsng.ncmp.api.model.DmiPluginRegistration.UpgradedCmHandles
import io.cpsng.ncmp.api.model.RegistrationError
import io.cpsng.ncmp.api.model.RegistrationResult

import spock.util.concurrent.PollingConditions

import java.util.concurrent.Callable
import java.util.concurrent.Executors
import java.util.concurrent.atomic.AtomicBoolean

import static io.cpsng.ncmp.api.model.CmHandleState.READY
import static io.cpsng.ncmp.api.model.RegistrationError.ErrorCode.CM_HANDLES_NOT_FOUND

/**
 * 50 clients at once on the same handles, with module sync running meanwhile: for each handle one client creates
 * it, another updates it and a third removes it, in no set order. Row locks serialise them, so the inventory at
 * the end is what the answers imply, and module sync leaves no handle behind.
 */
class ConcurrentRegistrationSpec extends ModuleSyncIntegrationSpec {

    static final int GROUPS = 50
    static final int HANDLES_PER_GROUP = 20

    def 'Overlapping creates, updates, upgrades and removals of the same handles end as their answers imply'() {
        given: '1,000 handle ids in 50 groups; every second group is removed whole, the others in part'
            def groups = (1..GROUPS).collect { group -> (1..HANDLES_PER_GROUP).collect { "race-${group}-${it}".toString() } }
            def requests = groups.withIndex().collectMany { ids, index ->
                def removed = index % 2 == 0 ? ids : ids.take(HANDLES_PER_GROUP / 2 as int)
                [{ create(ids) }, { update(ids.take(5) + ids.drop(15)) }, { remove(removed) }, { upgrade(ids.drop(5).take(5)) }]
            }
            Collections.shuffle(requests, new Random(11))
        when: 'all 200 requests are sent by 50 clients at once while module sync runs'
            def clients = Executors.newFixedThreadPool(GROUPS)
            def syncing = new AtomicBoolean(true)
            def sync = Thread.start { while (syncing.get()) { moduleSyncWatchdog.syncDueHandles() } }
            def answers = clients.invokeAll(requests.collect { it as Callable<Answer> })*.get()
            syncing.set(false)
            sync.join()
            clients.shutdown()
        then: 'a handle whose removal succeeded is gone; one whose removal found nothing exists'
            def removedOk = succeeded(answers, 'remove')
            def createdOk = succeeded(answers, 'create')
            def existing = inventoryRows.existingIds(groups.flatten())
            existing == createdOk - removedOk
        and: 'an update that succeeded on a handle that still exists is in it; a refused one is not'
            def updatedOk = succeeded(answers, 'update')
            def cmHandles = inventoryRows.getCmHandles(existing)
            cmHandles.values().every { (it.publicProperties().updated == 'yes') == (it.id() in updatedOk) }
        and: 'no update or upgrade answered success for a handle it could not have found'
            answers.findAll { it.operation in ['update', 'upgrade'] }.every { answer ->
                answer.failures.every { it.errorCode() in [CM_HANDLES_NOT_FOUND, RegistrationError.ErrorCode.CM_HANDLES_NOT_READY] }
            }
        and: 'no handle is ADVISED without being due'
            jdbcTemplate.queryForObject("SELECT count(*) FROM ncmp_cm_handle WHERE cm_handle_state = 'ADVISED' AND due_at IS NULL", Integer) == 0
        when: 'module sync runs until nothing is due'
            syncUntil { inventoryRows.dueIds(existing).isEmpty() }
        then: 'every handle left is READY'
            inventoryRows.getCmHandles(existing).values().every { it.state().cmHandleState() == READY }
    }

    def 'Removals of 20,000 handles by 10 clients while module sync writes their results remove every one at once'() {
        given: '20,000 handles due for module sync'
            def ids = (1..20_000).collect { "bulk-${it}".toString() }
            ids.collate(2_000).each { create(it) }
        when: 'while module sync claims and marks them, 10 clients remove them in shuffled batches of 500'
            def syncing = new AtomicBoolean(true)
            def sync = Thread.start { while (syncing.get()) { moduleSyncWatchdog.syncDueHandles() } }
            new PollingConditions(timeout: 30).eventually {
                assert jdbcTemplate.queryForObject("SELECT count(*) FROM ncmp_cm_handle WHERE cm_handle_state = 'READY'", Integer) > 0
            }
            def shuffled = new ArrayList(ids)
            Collections.shuffle(shuffled, new Random(7))
            def clients = Executors.newFixedThreadPool(10)
            def answers = clients.invokeAll(shuffled.collate(500).collect { batch -> { -> remove(batch) } as Callable<Answer> })*.get()
            clients.shutdown()
            syncing.set(false)
            sync.join()
        then: 'no removal failed and none was left DELETING for later: all are gone'
            answers*.failures.flatten().empty
            inventoryRows.existingIds(ids).isEmpty()
    }

    record Answer(String operation, List<String> ids, List<RegistrationError> failures) {
    }

    static Set<String> succeeded(List<Answer> answers, String operation) {
        answers.findAll { it.operation == operation }.collectMany { answer ->
            answer.ids - answer.failures*.cmHandle()
        } as Set
    }

    Answer create(List<String> ids) {
        def result = send(new DmiPluginRegistration(dmiStub.baseUrl(), null, null, null, null,
            ids.collect { new CmHandle(it, null, null, null, [:], [:], 'tag-1', null, null, null, null) }, [], [], null))
        new Answer('create', ids, result.failedCreatedCmHandles())
    }

    Answer update(List<String> ids) {
        def result = send(new DmiPluginRegistration(dmiStub.baseUrl(), null, null, null, null, [],
            ids.collect { new CmHandle(it, null, null, null, [:], [updated: 'yes'], null, null, null, null, null) }, [], null))
        new Answer('update', ids, result.failedUpdatedCmHandles())
    }

    Answer remove(List<String> ids) {
        new Answer('remove', ids, send(new DmiPluginRegistration(dmiStub.baseUrl(), null, null, null, null, [], [],
            ids, null))
            .failedRemovedCmHandles())
    }

    Answer upgrade(List<String> ids) {
        def result = send(new DmiPluginRegistration(dmiStub.baseUrl(), null, null, null, null, [], [], [],
            new UpgradedCmHandles(ids, 'tag-2')))
        new Answer('upgrade', ids, result.failedUpgradeCmHandles())
    }

    RegistrationResult send(DmiPluginRegistration registration) {
        ncmpDmiRegistrationService.updateDmiRegistration(registration)
    }
}
