package io.cpsng.ncmp.trust

import io.cpsng.ncmp.inventory.DeviceTrustRows
import io.micrometer.core.instrument.simple.SimpleMeterRegistry
import org.apache.kafka.clients.consumer.ConsumerRecord
import org.apache.kafka.common.header.internals.RecordHeader
import org.apache.kafka.common.header.internals.RecordHeaders
import org.apache.kafka.common.record.TimestampType
import spock.lang.Specification

import java.nio.charset.StandardCharsets

/** How a batch of heartbeats becomes one write: the last level of each handle, bad records left out and counted. */
class DeviceHeartbeatsSpec extends Specification {

    def deviceTrustRows = Mock(DeviceTrustRows)
    def meterRegistry = new SimpleMeterRegistry()
    def objectUnderTest = new DeviceHeartbeats(deviceTrustRows, meterRegistry)

    def 'Each handle takes the last level of the batch, in one write'() {
        when: 'a batch with two heartbeats of one handle and one of another is applied'
            objectUnderTest.apply([heartbeat('ch-1', '{"data":{"trustLevel":"NONE"}}'),
                                   heartbeat('ch-2', '{"data":{"trustLevel":"NONE"}}'),
                                   heartbeat('ch-1', '{"data":{"trustLevel":"COMPLETE"}}')])
        then: 'one write gives each its last level'
            1 * deviceTrustRows.setDeviceTrustLevels([('ch-2'): 'NONE', ('ch-1'): 'COMPLETE']) >> new DeviceTrustRows.Applied(1, 1, 0, null)
        and: 'both handles\' levels count as applied'
            meterRegistry.counter('ncmp.device-heartbeats.applied').count() == 2
    }

    def 'A heartbeat #problem is skipped and counted as #reason'() {
        when: 'it is applied in a batch with a good one'
            objectUnderTest.apply([heartbeat(cmHandleId, value), heartbeat('ch-good', '{"data":{"trustLevel":"NONE"}}')])
        then: 'only the good one is written'
            1 * deviceTrustRows.setDeviceTrustLevels([('ch-good'): 'NONE']) >> new DeviceTrustRows.Applied(1, 1, 0, null)
        and: 'the bad one is counted under its reason'
            meterRegistry.get('ncmp.device-heartbeats.skipped').tag('reason', reason).counter().count() == 1
        where:
            problem                 | cmHandleId | value                            || reason
            'without ce_id'         | null       | '{"data":{"trustLevel":"NONE"}}' || 'NO_CE_ID'
            'with an empty ce_id'   | ''         | '{"data":{"trustLevel":"NONE"}}' || 'NO_CE_ID'
            'that is not JSON'      | 'ch-1'     | '{"data":'                       || 'NOT_JSON'
            'without a value'       | 'ch-1'     | null                             || 'UNKNOWN_TRUST_LEVEL'
            'without a trust level' | 'ch-1'     | '{"data":{}}'                    || 'UNKNOWN_TRUST_LEVEL'
            'in lower case'         | 'ch-1'     | '{"data":{"trustLevel":"none"}}' || 'UNKNOWN_TRUST_LEVEL'
            'with a number'         | 'ch-1'     | '{"data":{"trustLevel":1}}'      || 'UNKNOWN_TRUST_LEVEL'
    }

    def 'Heartbeats of unknown handles are counted as such'() {
        when: 'a batch is applied in which the write finds two ids naming no handle'
            objectUnderTest.apply([heartbeat('gone-1', '{"data":{"trustLevel":"NONE"}}'),
                                   heartbeat('gone-2', '{"data":{"trustLevel":"NONE"}}')])
        then: 'the write says so'
            1 * deviceTrustRows.setDeviceTrustLevels(_) >> new DeviceTrustRows.Applied(0, 0, 2, 'gone-1')
        and: 'they are counted as unknown, not applied'
            meterRegistry.get('ncmp.device-heartbeats.skipped').tag('reason', 'UNKNOWN_CM_HANDLE').counter().count() == 2
            meterRegistry.counter('ncmp.device-heartbeats.applied').count() == 0
    }

    def 'A batch of nothing but bad heartbeats writes nothing'() {
        when: 'a batch of one heartbeat without an id is applied'
            objectUnderTest.apply([heartbeat(null, '{"data":{"trustLevel":"NONE"}}')])
        then: 'nothing is written'
            0 * deviceTrustRows._
    }

    static ConsumerRecord<String, String> heartbeat(String cmHandleId, String value) {
        def headers = new RecordHeaders()
        if (cmHandleId != null) {
            headers.add(new RecordHeader('ce_id', cmHandleId.getBytes(StandardCharsets.UTF_8)))
        }
        new ConsumerRecord<String, String>('dmi-device-heartbeat', 0, 0L, 0L, TimestampType.CREATE_TIME, 0, 0,
            cmHandleId, value, headers, Optional.empty())
    }
}
