package io.cpsng.ncmp.dmi

import io.cpsng.cps.api.model.ModuleReference
import io.cpsng.ncmp.api.model.CmHandle
import io.cpsng.ncmp.api.model.DataOperationRequest
import spock.lang.Specification

/**
 * The exact JSON a DMI plugin receives for each request record, written by the mapper DmiSender sends with: field
 * names, order, and which nulls are sent or left out are what NCMP sent when the bodies were maps.
 */
class DmiRequestJsonSpec extends Specification {

    static final Map<String, String> PROPERTIES = new LinkedHashMap(['b': '2', 'a': 'ü 1'])
    static final CmHandle TAGGED = cmHandle('ch-1', PROPERTIES, 'tag-1')
    static final CmHandle UNTAGGED = cmHandle('ch-2', [:], null)

    def 'The plugin receives #scenario as exactly this JSON'() {
        expect: 'the record written as the plugin reads it'
            DmiSender.JSON.writeValueAsString(request) == json
        where: 'the request is'
            scenario                                 | request                                                                                          || json
            'module references of a tagged handle'   | ModuleReferencesRequest.of(TAGGED)                                                               || '{"cmHandleProperties":{"b":"2","a":"ü 1"},"moduleSetTag":"tag-1"}'
            'module references of an untagged handle'| ModuleReferencesRequest.of(UNTAGGED)                                                             || '{"cmHandleProperties":{},"moduleSetTag":""}'
            'module resources'                       | ModuleResourcesRequest.of(TAGGED, [new ModuleReference('m1', 'urn:m1', '2024-01-01')])            || '{"moduleSetTag":"tag-1","data":{"modules":[{"name":"m1","revision":"2024-01-01"}]},"cmHandleProperties":{"b":"2","a":"ü 1"}}'
            'module resources without a revision'    | ModuleResourcesRequest.of(UNTAGGED, [new ModuleReference('m2', null, null)])                      || '{"moduleSetTag":"","data":{"modules":[{"name":"m2","revision":""}]},"cmHandleProperties":{}}'
            'a pass-through write'                   | DataAccessRequest.of(TAGGED, 'create', 'application/json', '{"x":"ü"}')                          || '{"operation":"create","dataType":"application/json","data":"{\\"x\\":\\"ü\\"}","cmHandleProperties":{"b":"2","a":"ü 1"},"moduleSetTag":"tag-1"}'
            'a pass-through read, nulls sent'        | DataAccessRequest.of(UNTAGGED, 'read', null, null)                                               || '{"operation":"read","dataType":null,"data":null,"cmHandleProperties":{},"moduleSetTag":""}'
            'a read answered on a topic'             | TopicReadRequest.of(TAGGED, 'req-1')                                                             || '{"operation":"read","cmHandleProperties":{"b":"2","a":"ü 1"},"requestId":"req-1","moduleSetTag":"tag-1"}'
            'a batch operation with all fields'      | batch('op-1', '(fields=a)', '/r 1', [TAGGED, UNTAGGED])                                          || '{"operations":[{"operation":"read","operationId":"op-1","datastore":"ncmp-datastore:passthrough-operational","options":"(fields=a)","resourceIdentifier":"/r 1","cmHandles":[{"id":"ch-1","cmHandleProperties":{"b":"2","a":"ü 1"},"moduleSetTag":"tag-1"},{"id":"ch-2","cmHandleProperties":{}}]}]}'
            'a batch operation without the optional' | batch(null, null, null, [UNTAGGED])                                                              || '{"operations":[{"operation":"read","operationId":null,"datastore":"ncmp-datastore:passthrough-operational","cmHandles":[{"id":"ch-2","cmHandleProperties":{}}]}]}'
            'a write sub-job, nulls sent'            | subJob()                                                                                         || '{"destination":"dest?x=1 2","dataAcceptType":"application/json","dataContentType":null,"dataProducerId":"producer-1","dataJobId":"job-1","data":[{"path":"/A=1/B=2","op":"add","moduleSetTag":"tag-1","value":{"x":1,"y":["ü"]},"operationId":"w-1"},{"path":"/A=1","op":"remove","moduleSetTag":"","value":null,"operationId":null}]}'
    }

    static CmHandle cmHandle(String id, Map<String, String> properties, String moduleSetTag) {
        new CmHandle(id, 'http://dmi', null, null, properties, [:], moduleSetTag, null, null, null, null)
    }

    static DataOperationsRequest batch(String operationId, String options, String resourceIdentifier,
                                       List<CmHandle> cmHandles) {
        def operation = new DataOperationRequest.Operation('read', operationId, 'ncmp-datastore:passthrough-operational',
            options, resourceIdentifier, cmHandles*.id())
        new DataOperationsRequest([DataOperationsRequest.DmiOperation.of(operation, cmHandles)])
    }

    static SubJobWriteRequest subJob() {
        new SubJobWriteRequest('dest?x=1 2', 'application/json', null, 'producer-1', 'job-1', [
            new SubJobWriteRequest.DmiWriteOperation('/A=1/B=2', 'add', 'tag-1', [x: 1, y: ['ü']], 'w-1'),
            new SubJobWriteRequest.DmiWriteOperation('/A=1', 'remove', '', null, null)])
    }
}
