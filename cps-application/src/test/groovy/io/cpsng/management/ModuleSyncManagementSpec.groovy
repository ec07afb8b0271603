package io.cpsng.management

import io.cpsng.ncmp.modulesync.ModuleSyncIntegrationSpec

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get

/** Module sync on the real application, watched and steered through the actuator as an operator would. */
abstract class ModuleSyncManagementSpec extends ModuleSyncIntegrationSpec {

    static final String TRACE_HEADER = 'cm_handle_id,phase,start_epoch_us,end_epoch_us'

    /** The rows of /actuator/modulesynctrace (since, in epoch milliseconds, if given) of the handles with the prefix. */
    List<Map> traceRows(String cmHandleIdPrefix, Long since = null) {
        def request = get('/actuator/modulesynctrace')
        if (since != null) {
            request.param('since', since.toString())
        }
        def response = mvc.perform(request).andReturn().response
        assert response.status == 200
        def lines = response.contentAsString.readLines()
        assert lines.first() == TRACE_HEADER
        // the ids of these specs hold no comma, so a plain split reads every field
        lines.drop(1).collect { it.split(',') }
            .findAll { fields -> fields[0].startsWith(cmHandleIdPrefix) }
            .collect { fields -> [cmHandleId: fields[0], phase: fields[1], start: fields[2] as long, end: fields[3] as long] }
    }
}
