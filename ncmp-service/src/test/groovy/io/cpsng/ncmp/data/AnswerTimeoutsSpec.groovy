package io.cpsng.ncmp.data

import io.cpsng.ncmp.api.model.DataOperationRequest.Operation
import io.cpsng.ncmp.data.PendingAnswers.ExpiredRequest
import io.cpsng.ncmp.data.PendingAnswers.Target
import spock.lang.Specification

class AnswerTimeoutsSpec extends Specification {

    static final List<Operation> OPERATIONS = [
        new Operation('read', 'op-1', 'ncmp-datastore:passthrough-operational', '(a)', 'r-1', ['ch-1', 'ch-2', 'me=x']),
        new Operation('read', 'op-2', 'ncmp-datastore:passthrough-running', null, 'r-2', ['ch-3'])]

    def 'Targets nobody told of are 102 per operation, in the client\'s order; a verdict not sent keeps its code'() {
        given: 'a request past its deadline: ch-3 and ch-1 waiting for their plugin, me=x unknown (its event not sent)'
            def request = new ExpiredRequest('request-1', 'client', OPERATIONS, true, [
                new Target('request-1', 'op-2', 'ch-3'), new Target('request-1', 'op-1', 'ch-1'),
                new Target('request-1', 'op-1', 'me=x', DataOperationStatus.CM_HANDLES_NOT_FOUND)])
        when: 'what the client is told is made'
            def responses = AnswerTimeouts.notAnswered(request)
        then: 'one response per operation and code, operations in the client\'s order, ch-2 (answered) left out'
            responses.collect { [it.operationId(), it.ids(), it.resourceIdentifier(), it.options(), it.status().code()] } == [
                ['op-1', ['me=x'], 'r-1', '(a)', '100'],
                ['op-1', ['ch-1'], 'r-1', '(a)', '102'],
                ['op-2', ['ch-3'], 'r-2', null, '102']]
    }

    def 'A pass-through read (no operation id) not answered is 102 for its handle'() {
        given: 'its one target pending under the operation id \'\''
            def request = new ExpiredRequest('request-2', 'client', [new Operation('read', null,
                'ncmp-datastore:passthrough-operational', null, 'r', ['ch-9'])], true, [new Target('request-2', '', 'ch-9')])
        expect: 'one response without an operation id'
            AnswerTimeouts.notAnswered(request).collect { [it.operationId(), it.ids(), it.status().code()] } == [[null, ['ch-9'], '102']]
    }

    def 'A request whose every target was told of tells nothing more'() {
        expect:
            AnswerTimeouts.notAnswered(new ExpiredRequest('request-3', 'client', OPERATIONS, true, [])).isEmpty()
    }
}
