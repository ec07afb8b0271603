package io.cpsng.wire

import groovy.json.JsonOutput
import io.cpsng.LogBytes
import io.cpsng.RawHttp
import io.cpsng.TestKafka
import java.nio.charset.StandardCharsets
import java.nio.file.Files
import java.nio.file.Paths
import spock.lang.Shared
import spock.lang.Specification

/**
 * Every endpoint family attacked as a careless or hostile client would: each request of the wire scenarios that the
 * reference answered with a success is sent again spoiled (a NUL, a broken percent-encoding, a repeated or unknown
 * parameter, a body of the wrong type, nested 10,000 deep, a 5 MB value, a 100,000-item array...).
 * <p>
 * What is spoiled beyond doubt must answer a 4xx JSON error before anything is done: the request itself, sent
 * right after, must still answer as it did for the reference (so nothing was stored or deleted). What may be
 * acceptable (a null in an optional field, a long leaf value) may succeed, but never with a 5xx, an aborted answer
 * or an error that shows internals. No spoiled request may write more than a few KB of log.
 */
class BadInputSweepSpec extends Specification {

    static final int LOG_BUDGET_BYTES = 4096
    /** Parameters that take a list: given twice they are one list, as Spring and the reference read them. */
    static final Set<String> MANY_VALUED = ['schema-set-names'] as Set
    static final int FIVE_MEGABYTES = 5 * 1024 * 1024
    /** What no error a client reads may show: Java exceptions and packages, SQL, the JSON readers' own advice. */
    static final String INTERNALS = /[A-Z]\w+Exception\b|(?i)sqlstate|\bselect \w|\binsert into|\bjackson|\bgson|jsonreader|streamreadconstraints|strictness|\b(org|java|io|tools)\.[a-z]+\./
    /** Steps whose plain answer differs from the reference's on purpose: the after-check compares with ours there. */
    static final Set<String> OWN_ANSWER = WireContractSpec.DIFFERENT_ON_PURPOSE.keySet()

    @Shared
    WireService service
    @Shared
    WireTopics topics = new WireTopics(TestKafka.BOOTSTRAP_SERVERS)
    @Shared
    LogBytes logBytes

    def setupSpec() {
        service = new WireService('sweep')
        logBytes = LogBytes.attached()
    }

    def cleanupSpec() {
        logBytes?.detach()
        topics.close()
        service?.close()
    }

    def 'Scenario #scenario.name spoiled: every bad request a 4xx JSON error naming it, nothing done, little logged'() {
        given: 'the requests the reference answered with a success'
            def succeeded = scenario.recorded.findAll { it.status in 200..299 }.collect { it.name } as Set
            def http = new RawHttp(service.port, WireService.USERNAME, WireService.PASSWORD)
            def failures = []
            def counts = [sent: 0, refused: 0]
            // a write that may be taken (a number for a string leaf) changes what the steps after it find
            def stateChangedByTakenWrite = false
        when: 'the scenario is replayed, each such request spoiled before it is sent and after'
            def check = { Map step, Spoiled spoiled, boolean mustFail ->
                def logged = logBytes.count.get()
                def answer = spoiled.send(http)
                def loggedNow = logBytes.count.get() - logged
                counts.sent++
                stateChangedByTakenWrite |= !mustFail && spoiled.method != 'GET' && answer?.status in 200..299
                def problem = problemWith(answer, mustFail, loggedNow)
                if (problem) {
                    failures << "${step.name} / ${spoiled.what}: ${problem}".toString()
                } else if (answer.status >= 400) {
                    counts.refused++
                }
            }
            scenario.replay(service.baseUrl, service.authorization, topics, service.variables + namesOfItsOwn(scenario),
                { Map step ->
                    if (step.name in succeeded) {
                        new Spoiler(step, scenario).certainlyBad().each { check(step, it, true) }
                    }
                },
                { Map step, Map answer ->
                    if (!(step.name in succeeded)) {
                        return
                    }
                    def recorded = scenario.recorded.find { it.name == step.name }
                    if (!stateChangedByTakenWrite && !("${scenario.name} / ${step.name}".toString() in OWN_ANSWER)
                        && answer.status != recorded.status) {
                        failures << "${step.name}: answered ${answer.status} after its spoiled forms, not ${recorded.status}: was something done?".toString()
                    }
                    new Spoiler(step, scenario).perhapsBad().each { check(step, it, false) }
                })
            println "sweep ${scenario.name}: ${counts.sent} spoiled requests, ${counts.refused} refused with a 4xx, ${failures.size()} failed"
            Files.createDirectories(Paths.get('target', 'bad-input-sweep'))
            Files.writeString(Paths.get('target', 'bad-input-sweep', "${scenario.name}.txt"), failures.join('\n'))
        then: 'each was answered as a user expects'
            failures.join('\n') == ''
        where:
            scenario << WireContractSpec.scenarios()
    }

    /**
     * Dataspaces and handle ids apart from WireContractSpec's: both write events to the one test broker, where the
     * other would read this one's events of the same handles as its own.
     */
    static Map<String, String> namesOfItsOwn(WireScenario scenario) {
        (scenario.scenario.vars ?: [:]).findAll { name, value -> name != 'dmi' }
            .collectEntries { name, value -> [name, "${value}-sweep".toString()] } as Map<String, String>
    }

    /** Why the answer to a spoiled request is not what a client should get, or null. */
    static String problemWith(RawHttp.Response answer, boolean mustFail, long loggedBytes) {
        if (answer == null) {
            return 'no complete answer (aborted)'
        }
        if (isRegistrationReport(answer)) {
            return answer.json.values().flatten().any { it.errorCode == '108' } ? "a handle failed for an unknown reason: ${answer.body.take(300)}" : null
        }
        if (answer.status >= 500 || (mustFail && answer.status < 400)) {
            return "HTTP ${answer.status}: ${answer.body?.take(300)}"
        }
        if (answer.status >= 400) {
            def json = jsonOf(answer)
            if (!(json instanceof Map) || !(json.message ?: json.title)) {
                return "HTTP ${answer.status} without a JSON error: ${answer.body?.take(300)}"
            }
            def text = JsonOutput.toJson(json)
            if (text =~ INTERNALS) {
                return "HTTP ${answer.status} showing internals: ${text.take(300)}"
            }
        }
        loggedBytes > LOG_BUDGET_BYTES ? "${loggedBytes} bytes logged" : null
    }

    /**
     * The registration's answer naming each handle that failed and why: the reference's contract answers it with
     * 500 whenever one did (docs/api.md), and clients read it by that status.
     */
    static boolean isRegistrationReport(RawHttp.Response answer) {
        def json = jsonOf(answer)
        answer.status == 500 && json instanceof Map && json.containsKey('failedCreatedCmHandles')
    }

    static Object jsonOf(RawHttp.Response answer) {
        try {
            answer.json
        } catch (RuntimeException notJson) {
            null
        }
    }

    /** A request as sent raw, with what was spoiled in it. */
    static class Spoiled {
        String what
        String method
        String target
        Map<String, String> headers
        byte[] body

        RawHttp.Response send(RawHttp http) {
            try {
                http.send(method, target, headers, body)
            } catch (IOException | AssertionError aborted) {
                null
            }
        }
    }

    /** The spoiled forms of one scenario step. */
    static class Spoiler {

        static final List<String> BROKEN_ENCODINGS = ['%zz', '%E0%A4%A', '%C3%28']
        static final int MOST_POSITIONS = 6

        final Map step
        final WireScenario scenario

        Spoiler(Map step, WireScenario scenario) {
            this.step = step
            this.scenario = scenario
        }

        List<Spoiled> certainlyBad() {
            def spoiled = []
            def segments = (step.path as String).split('/', -1) as List<String>
            (3..<segments.size()).findAll { segments[it] }.each { index ->
                spoiled << request("NUL in path segment ${index}", path: withSegment(segments, index, segments[index] + '%00'))
            }
            BROKEN_ENCODINGS.each { broken ->
                spoiled << request("${broken} in the last path segment", path: withSegment(segments, segments.size() - 1, segments.last() + broken))
            }
            def params = (step.params ?: [:]) as Map<String, Object>
            params.each { name, value ->
                spoiled << request("NUL in ${name}", query: query(params, name, raw(value) + '%00'))
                BROKEN_ENCODINGS.each { broken ->
                    spoiled << request("${broken} in ${name}", query: query(params, name, raw(value) + broken))
                }
                if (!(name in MANY_VALUED)) {
                    spoiled << request("${name} repeated", query: query(params, null, null) + "&${encode(name)}=${raw(value)}")
                }
            }
            spoiled << request('an unknown parameter', query: query(params, null, null) + (params ? '&' : '') + 'bogusParameter=1')
            if (step.json != null) {
                positions(step.json, { it instanceof String }).take(MOST_POSITIONS).each { position ->
                    spoiled << request("NUL in the string at ${position}", json: replaced(step.json, position, get(step.json, position) + '\u0000'))
                }
                keyPositions(step.json).take(3).each { position ->
                    spoiled << request("NUL in the key at ${position}", json: renamed(step.json, position))
                }
                def text = JsonOutput.toJson(step.json)
                spoiled << request('nested 10,000 deep', body: '['.multiply(10_000) + ']'.multiply(10_000))
                spoiled << request('nested objects 10,000 deep', body: '{"a":'.multiply(10_000) + '1' + '}'.multiply(10_000))
                spoiled << request('cut short', body: text.take(text.length() - 1))
                spoiled << request('invalid UTF-8', bytes: [0x7B, 0x22, 0xC3, 0x28, 0x22, 0x3A, 0x31, 0x7D] as byte[])
                spoiled << request('a number for a body', body: '5')
                spoiled << request('a string for a body', body: '"x"')
                spoiled << request('null for a body', body: 'null')
                spoiled << request(step.json instanceof List ? 'an object for a list' : 'a list for an object',
                    body: step.json instanceof List ? '{}' : '[]')
            }
            if (step.data != null && !(step.data as String).isEmpty()) {
                spoiled << request('NUL in the body', body: (step.data as String) + '\u0000')
            }
            spoiled
        }

        List<Spoiled> perhapsBad() {
            def spoiled = []
            def params = (step.params ?: [:]) as Map<String, Object>
            if (params) {
                def name = params.keySet().first()
                spoiled << request("5 MB in ${name}", query: query(params, name, 'x' * FIVE_MEGABYTES))
            }
            if (step.json != null) {
                positions(step.json, { true }).take(MOST_POSITIONS).each { position ->
                    def value = get(step.json, position)
                    spoiled << request("null at ${position}", json: replaced(step.json, position, null))
                    spoiled << request("wrong type at ${position}", json: replaced(step.json, position, wrongType(value)))
                }
                positions(step.json, { it instanceof String }).take(1).each { position ->
                    spoiled << request("5 MB at ${position}", json: replaced(step.json, position, 'x' * FIVE_MEGABYTES))
                }
                positions(step.json, { it instanceof List }).take(1).each { position ->
                    def items = get(step.json, position) as List
                    def item = items ? items.first() : 'x'
                    spoiled << request("100,000 items at ${position}", json: replaced(step.json, position, [item] * 100_000))
                }
                if (step.json instanceof List && !(step.json as List).isEmpty()) {
                    spoiled << request('100,000 items', json: [(step.json as List).first()] * 100_000)
                }
            }
            spoiled
        }

        static Object wrongType(Object value) {
            switch (value) {
                case String: return 5
                case Map: return ['x']
                case List: return [x: 1]
                default: return 'x'
            }
        }

        /** A request as the step sends it, but for what the named argument replaces. */
        Spoiled request(Map replacing, String what) {
            def path = replacing.path ?: step.path
            def query = replacing.containsKey('query') ? replacing.query : query((step.params ?: [:]) as Map, null, null)
            def headers = (step.headers ?: [:]) as Map<String, String>
            byte[] body = null
            if (replacing.bytes != null) {
                body = replacing.bytes as byte[]
            } else if (replacing.body != null) {
                body = (replacing.body as String).getBytes(StandardCharsets.UTF_8)
            } else if (replacing.containsKey('json')) {
                body = JsonOutput.toJson(replacing.json).getBytes(StandardCharsets.UTF_8)
            } else if (step.json != null) {
                body = JsonOutput.toJson(step.json).getBytes(StandardCharsets.UTF_8)
            } else if (step.data != null) {
                body = (step.data as String).getBytes(StandardCharsets.UTF_8)
            }
            if (step.json != null) {
                headers = headers + ['Content-Type': 'application/json']
            }
            if (step.files) {
                def boundary = 'sweep-' + UUID.randomUUID()
                headers = headers + ['Content-Type': "multipart/form-data; boundary=${boundary}".toString()]
                body = scenario.multipart(boundary, step.files as Map)
            }
            new Spoiled(what: what, method: step.method ?: 'GET', target: path + (query ? '?' + query : ''),
                headers: headers, body: body ?: (step.method in ['POST', 'PUT', 'PATCH'] ? new byte[0] : null))
        }

        static String withSegment(List<String> segments, int index, String replacement) {
            def copy = new ArrayList(segments)
            copy[index] = replacement
            copy.join('/')
        }

        /** The step's query, one parameter's (first) value replaced by raw text when named. */
        static String query(Map params, String replacedName, String rawValue) {
            params.collectMany { name, value ->
                (value instanceof List ? value : [value]).withIndex().collect { item, index ->
                    encode(name as String) + '=' + (name == replacedName && index == 0 ? rawValue : encode(item as String))
                }
            }.join('&')
        }

        static String raw(Object value) {
            encode((value instanceof List ? (value as List).first() : value) as String)
        }

        static String encode(String text) {
            URLEncoder.encode(text, StandardCharsets.UTF_8).replace('+', '%20')
        }

        /** Paths (keys and indexes) to the values the filter takes, breadth first. */
        static List<List> positions(Object json, Closure<Boolean> filter) {
            def found = []
            def queue = [[]] as LinkedList<List>
            while (queue) {
                def position = queue.poll()
                def value = get(json, position)
                if (position && filter(value)) {
                    found << position
                }
                if (value instanceof Map) {
                    (value as Map).keySet().each { queue << position + [it] }
                } else if (value instanceof List) {
                    (value as List).indices.take(2).each { queue << position + [it] }
                }
            }
            found
        }

        static List<List> keyPositions(Object json) {
            positions(json, { true }).findAll { it.last() instanceof String }
        }

        static Object get(Object json, List position) {
            position.inject(json) { value, step -> value[step] }
        }

        static Object replaced(Object json, List position, Object replacement) {
            if (!position) {
                return replacement
            }
            def head = position.first()
            if (json instanceof Map) {
                def copy = new LinkedHashMap(json as Map)
                copy[head] = replaced(copy[head], position.drop(1), replacement)
                return copy
            }
            def copy = new ArrayList(json as List)
            copy[head as int] = replaced(copy[head as int], position.drop(1), replacement)
            copy
        }

        static Object renamed(Object json, List position) {
            def parent = position.take(position.size() - 1)
            def key = position.last()
            def map = get(json, parent) as Map
            def copy = map.collectEntries { name, value -> [(name == key ? name + '\u0000' : name), value] }
            replaced(json, parent, copy)
        }
    }
}
