package io.cpsng.deployment

import groovy.json.JsonOutput
import spock.util.concurrent.PollingConditions

import java.util.concurrent.ConcurrentLinkedQueue
import java.util.concurrent.atomic.AtomicBoolean

/**
 * Clients registering new CM handles in batches, each on its own thread, until stopped or the service stops
 * answering: what the service acknowledged (200) and every other answer, with how long it took.
 */
class RegistrationLoad {

    static final int BATCH_SIZE = 200

    final Queue<String> acknowledged = new ConcurrentLinkedQueue<>()
    final Queue<Map> refused = new ConcurrentLinkedQueue<>()
    final Queue<Throwable> unanswered = new ConcurrentLinkedQueue<>()

    private final AtomicBoolean running = new AtomicBoolean(true)
    private final List<Thread> clients

    private RegistrationLoad(ServiceProcess service, String prefix, int clientCount, boolean stopWhenUnanswered) {
        clients = (1..clientCount).collect { client ->
            Thread.start("registration-client-${client}") {
                for (int batch = 0; running.get(); batch++) {
                    def ids = (0..<BATCH_SIZE).collect { "${prefix}-${client}-${batch}-${it}".toString() }
                    if (!register(service, ids) && stopWhenUnanswered) {
                        return
                    }
                }
            }
        }
    }

    /** Clients that stop once the service does not answer (it was killed). */
    static RegistrationLoad untilUnanswered(ServiceProcess service, String prefix, int clientCount) {
        new RegistrationLoad(service, prefix, clientCount, true)
    }

    /** Clients that go on through failures until stopped. */
    static RegistrationLoad untilStopped(ServiceProcess service, String prefix, int clientCount) {
        new RegistrationLoad(service, prefix, clientCount, false)
    }

    void stop() {
        running.set(false)
        clients*.join(60_000)
    }

    void awaitAcknowledged(int handles, int timeoutSeconds) {
        new PollingConditions(timeout: timeoutSeconds, delay: 0.01).eventually {
            assert acknowledged.size() >= handles
        }
    }

    private boolean register(ServiceProcess service, List<String> ids) {
        def body = JsonOutput.toJson([dmiPlugin       : 'http://127.0.0.1:1',
                                      createdCmHandles: ids.collect { [cmHandle: it, cmHandleProperties: [site: 'site-1']] }])
        def startNanos = System.nanoTime()
        try {
            def response = service.post('/ncmpInventory/v1/ch', body)
            def millis = (System.nanoTime() - startNanos) / 1e6d
            if (response.statusCode() == 200) {
                acknowledged.addAll(ids)
            } else {
                refused << [status: response.statusCode(), body: response.body(), millis: millis]
            }
            return true
        } catch (IOException noAnswer) {
            unanswered << noAnswer
            return false
        }
    }
}
