package io.cpsng.wire

import io.cpsng.TestKafka
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.Paths
import spock.lang.Shared
import spock.lang.Specification

/**
 * The wire contract: every scenario under src/test/resources/wire/scenarios replayed against this service through
 * its port, each answer and event compared with what the running reference sent for the same scenario (recorded
 * once with the reference kit, wire/README.md). A difference not named below with its reason fails the build, so no
 * change can drift from the reference's wire unnoticed; the ones named are listed in docs/api.md.
 */
class WireContractSpec extends Specification {

    static final Path WIRE = Paths.get(WireContractSpec.getResource('/wire').toURI())

    /** Scenario / step name -> why our answer differs from the reference's on purpose (docs/api.md lists them). */
    static final Map<String, String> DIFFERENT_ON_PURPOSE = [
        '01-cps-core / dataspace without name':
            'a missing parameter is 400 naming it; the reference answers 500',
        '01-cps-core / anchor without name':
            'a missing parameter is 400 naming it; the reference answers 500',
        '01-cps-core / query bad path':
            'a cps-path that does not parse is 400; the reference answers 500',
        '01-cps-core / schema set without file':
            'every error has our JSON error shape; the reference\'s 415 has Spring\'s default body (same status)',
        '01-cps-core / schema set read':
            'module references carry the module\'s name; the reference leaves it out (null)',
        '01-cps-core / schema sets':
            'module references carry the module\'s name; the reference leaves it out (null)',
        '01-cps-core / read v2 xml':
            'XML names its module with xmlns, so what is read can be written back; the reference writes an undeclared prefix',
        '01-cps-core / query dataspace':
            'nodes written as XML keep their module prefix; the reference loses it (\':shelf\')',
        '02-cps-delta / delta without target':
            'a missing parameter is 400 naming it; the reference answers 500',
        '02-cps-delta / delta bad grouping':
            'a flag that is not a boolean is 400; the reference answers 500',
        '02-cps-delta / delta to document without part':
            'a missing part is 400 naming it; the reference answers 500',
        '03-cps-delta-apply / apply delta all':
            'every report the delta endpoints produce is applied, leaving the source equal to the target; the reference fails on a replaced top-level node (500) or a list entry\'s own data (400), and drops the children of a replaced node',
        '03-cps-delta-apply / read after apply delta all':
            'every report the delta endpoints produce is applied, leaving the source equal to the target; the reference fails on a replaced top-level node (500) or a list entry\'s own data (400), and drops the children of a replaced node',
        '03-cps-delta-apply / delta to target after apply delta all':
            'every report the delta endpoints produce is applied, leaving the source equal to the target; the reference fails on a replaced top-level node (500) or a list entry\'s own data (400), and drops the children of a replaced node',
        '03-cps-delta-apply / apply delta grouped':
            'every report the delta endpoints produce is applied, leaving the source equal to the target; the reference fails on a replaced top-level node (500) or a list entry\'s own data (400), and drops the children of a replaced node',
        '03-cps-delta-apply / read after apply delta grouped':
            'every report the delta endpoints produce is applied, leaving the source equal to the target; the reference fails on a replaced top-level node (500) or a list entry\'s own data (400), and drops the children of a replaced node',
        '03-cps-delta-apply / delta to target after apply delta grouped':
            'every report the delta endpoints produce is applied, leaving the source equal to the target; the reference fails on a replaced top-level node (500) or a list entry\'s own data (400), and drops the children of a replaced node',
        '03-cps-delta-apply / apply delta to document':
            'every report the delta endpoints produce is applied, leaving the source equal to the target; the reference fails on a replaced top-level node (500) or a list entry\'s own data (400), and drops the children of a replaced node',
        '03-cps-delta-apply / read after apply delta to document':
            'every report the delta endpoints produce is applied, leaving the source equal to the target; the reference fails on a replaced top-level node (500) or a list entry\'s own data (400), and drops the children of a replaced node',
        '03-cps-delta-apply / delta to target after apply delta to document':
            'every report the delta endpoints produce is applied, leaving the source equal to the target; the reference fails on a replaced top-level node (500) or a list entry\'s own data (400), and drops the children of a replaced node',
        '03-cps-delta-apply / apply delta to document grouped':
            'every report the delta endpoints produce is applied, leaving the source equal to the target; the reference fails on a replaced top-level node (500) or a list entry\'s own data (400), and drops the children of a replaced node',
        '03-cps-delta-apply / read after apply delta to document grouped':
            'every report the delta endpoints produce is applied, leaving the source equal to the target; the reference fails on a replaced top-level node (500) or a list entry\'s own data (400), and drops the children of a replaced node',
        '03-cps-delta-apply / delta to target after apply delta to document grouped':
            'every report the delta endpoints produce is applied, leaving the source equal to the target; the reference fails on a replaced top-level node (500) or a list entry\'s own data (400), and drops the children of a replaced node',
        '03-cps-delta-apply / apply delta list entry':
            'every report the delta endpoints produce is applied, leaving the source equal to the target; the reference fails on a replaced top-level node (500) or a list entry\'s own data (400), and drops the children of a replaced node',
        '03-cps-delta-apply / read after apply delta list entry':
            'every report the delta endpoints produce is applied, leaving the source equal to the target; the reference fails on a replaced top-level node (500) or a list entry\'s own data (400), and drops the children of a replaced node',
        '03-cps-delta-apply / delta to target after apply delta list entry':
            'every report the delta endpoints produce is applied, leaving the source equal to the target; the reference fails on a replaced top-level node (500) or a list entry\'s own data (400), and drops the children of a replaced node',
        '03-cps-delta-apply / read after apply delta grouped list entry':
            'every report the delta endpoints produce is applied, leaving the source equal to the target; the reference fails on a replaced top-level node (500) or a list entry\'s own data (400), and drops the children of a replaced node',
        '03-cps-delta-apply / delta to target after apply delta grouped list entry':
            'every report the delta endpoints produce is applied, leaving the source equal to the target; the reference fails on a replaced top-level node (500) or a list entry\'s own data (400), and drops the children of a replaced node',
        '03-cps-delta-apply / apply empty report to unknown anchor':
            'a report to an anchor that does not exist is refused as any write to it (400); the reference answers 201',
        '03-cps-delta-apply / apply not in model':
            'data the model lacks are 400; the reference answers 500',
        '04-cps-notifications / events':
            'every event carries observedTimestamp (the reference\'s schema requires it; the write\'s time when the client gave none), POST list-nodes is a create, and a PUT that changes nothing tells no event',
        '04-cps-notifications / events after unsubscribe':
            'every event carries observedTimestamp (the reference\'s schema requires it; the write\'s time when the client gave none), POST list-nodes is a create, and a PUT that changes nothing tells no event',
        '05-ncmp-inventory / handle modules unknown':
            'an unknown handle is 404 on every path; the reference answers [] for its modules',
        '05-ncmp-inventory / inventory handles of plugin alternate ids':
            'a handle without an alternate id is named by its id; the reference writes ""',
        '05-ncmp-inventory / inventory search v2':
            'the condition is served; the reference answers 500 (a null pointer)',
        '05-ncmp-inventory / inventory search v2 with dmi properties':
            'the condition is served; the reference answers 500 (a null pointer)',
        '05-ncmp-inventory / lcm events of the first handle':
            'a change of public properties is an LCM event; the reference sends none',
        '06-ncmp-data / read by alternate id':
            'every error has our JSON error shape; the reference\'s 404 has Spring\'s default body (same status)',
        '06-ncmp-data / read without resource identifier':
            'a missing parameter is 400 naming it; the reference answers 500',
        '06-ncmp-data / patch running':
            'the plugin\'s answer is passed back; the reference writes its own ResponseEntity object (headers, statusCode)',
        '06-ncmp-data / write without body':
            'a write without a body is 400 saying so; the reference answers 415',
        '06-ncmp-data / batch without topic':
            'a missing parameter is 400 naming it; the reference answers 500',
        '06-ncmp-data / batch null operation':
            'a null operation is 400 naming it; the reference answers 500',
        '06-ncmp-data / data sync bad value':
            'a flag that is not a boolean is 400; the reference answers 500',
        '06-ncmp-data / data sync without value':
            'a missing parameter is 400 naming it; the reference answers 500',
        '06-ncmp-data / state after data sync':
            'a sync whose plugin answered no data stays UNSYNCHRONIZED and is retried; the reference marks it SYNCHRONIZED with nothing stored',
        '06-ncmp-data / data sync off':
            'turning sync off drops the cache; the reference answers 404 (it deletes a fixed node, /netconf-state) and leaves the flag on',
        '06-ncmp-data / state after data sync off':
            'turning sync off drops the cache; the reference answers 404 (it deletes a fixed node, /netconf-state) and leaves the flag on',
        '06-ncmp-data / write job unknown path':
            'paths no handle owns are 422 naming them; the reference answers 500',
        '06-ncmp-data / write sub-job status':
            'the sub-job status and result calls are served; the reference\'s test controller does not map them',
        '06-ncmp-data / write sub-job result':
            'the sub-job status and result calls are served; the reference\'s test controller does not map them',
        '06-ncmp-data / provmns get bad scope':
            'a ProvMnS refusal has the ProvMnS error shape; the reference\'s has Spring\'s default body (same status)',
        '06-ncmp-data / provmns patch bad op':
            'an unsupported patch operation is 422 SERVER_LIMITATION naming it (badOp); the reference\'s JSON reader fails with 400',
        '06-ncmp-data / lcm events of data sync':
            'a change of the data-sync flag is an LCM event; the reference sends none',
        '07-ncmp-registration-errors / register invalid id':
            'an invalid id fails the handle (110); the reference stores it, and its module sync stops on it',
        '07-ncmp-registration-errors / register without plugin':
            'a registration without a DMI plugin is 400; the reference stores handles no plugin serves',
        '07-ncmp-registration-errors / register null entry':
            'a null entry is 400 naming it; the reference answers 500',
        '07-ncmp-registration-errors / handles without plugin':
            'a missing parameter is 400 naming it; the reference answers 500',
        '07-ncmp-registration-errors / register unknown field':
            'a body member the endpoint does not take is 400 naming it; the reference ignores it (a misspelt search member answered every handle)',
        '08-cps-delta-xml / xml delta all (Accept)':
            'a client accepting XML gets XML; the reference answers JSON, labelled application/xml',
        '08-cps-delta-xml / xml delta to document':
            'an XML document of the anchor\'s model is compared; the reference cannot read one at / (400)',
        '08-cps-delta-xml / xml delta to document grouped':
            'an XML document of the anchor\'s model is compared; the reference cannot read one at / (400)',
        '08-cps-delta-xml / xml delta to document not xml':
            'a document that is neither XML nor JSON is 400; the reference answers 500',
        '08-cps-delta-xml / apply xml report':
            'an XML report as the delta endpoints write it is applied; the reference fails on every one (500)',
        '08-cps-delta-xml / read after apply xml report':
            'an XML report as the delta endpoints write it is applied; the reference fails on every one (500)',
        '08-cps-delta-xml / apply xml report of leaves':
            'data that name leaves, not their node, are 400 saying so (as in JSON); the reference answers 500',
        '08-cps-delta-xml / read after bad xml applies':
            'an XML report as the delta endpoints write it is applied; the reference fails on every one (500)']

    @Shared
    WireService service
    @Shared
    WireTopics topics = new WireTopics(TestKafka.BOOTSTRAP_SERVERS)

    def setupSpec() {
        service = new WireService('wire')
    }

    def cleanupSpec() {
        topics.close()
        service?.close()
    }

    def 'Scenario #scenario.name: every answer and event as the running reference sends it'() {
        when: 'the scenario is replayed against this service'
            def answers = scenario.replay(service.baseUrl, service.authorization, topics, service.variables)
        and: 'kept beside the reference\'s, for the kit\'s diff (wire/README.md)'
            scenario.keep(answers, Paths.get('target', 'wire-answers'))
        and: 'compared with the reference\'s recorded answers'
            def differing = scenario.compare(answers)
            def unexplained = differing.findAll { step, found -> !DIFFERENT_ON_PURPOSE.containsKey("${scenario.name} / ${step}".toString()) }
            def explainedButSame = DIFFERENT_ON_PURPOSE.keySet().findAll {
                it.startsWith("${scenario.name} / ") && !differing.containsKey(it - "${scenario.name} / ")
            }
            println "wire ${scenario.name}: ${scenario.recorded.size()} answers compared, " +
                "${scenario.recorded.size() - differing.size()} the same, ${differing.size() - unexplained.size()} different on purpose"
        then: 'each differs only where a reason is named here'
            unexplained.collect { step, found -> "${step}:\n    ${found.join('\n    ')}" }.join('\n') == ''
        and: 'each difference named is still one'
            explainedButSame.isEmpty()
        where:
            scenario << scenarios()
    }

    static List<WireScenario> scenarios() {
        Files.list(WIRE.resolve('scenarios')).withCloseable { files ->
            files.findAll { it.fileName.toString().endsWith('.json') }.sort().collect {
                new WireScenario(it, WIRE.resolve('recorded').resolve(it.fileName))
            }
        }
    }
}
