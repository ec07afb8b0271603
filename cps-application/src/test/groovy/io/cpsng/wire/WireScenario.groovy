package io.cpsng.wire

import groovy.json.JsonOutput
import groovy.json.JsonSlurper
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.nio.charset.StandardCharsets
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration
import javax.xml.parsers.DocumentBuilderFactory
import org.spockframework.runtime.SpockTimeoutError
import org.w3c.dom.Element
import org.xml.sax.ErrorHandler
import org.xml.sax.InputSource
import org.xml.sax.SAXException
import spock.util.concurrent.PollingConditions

/**
 * One scenario of ../shared/reference-kit/wire-diff.py's format (REST calls and Kafka topic reads), replayed against
 * a service as that tool replays it, and its answers compared with the reference's recorded ones as that tool
 * compares them: the same masks (UUIDs, times, loopback ports, volatile keys), the same compare modes. So a
 * difference this finds is one the kit's diff shows, and a recording made with the kit needs no conversion. One
 * addition: an XML body is compared as its element tree (as JSON is: siblings unordered unless the step says
 * ordered), where the kit compares the text.
 */
class WireScenario {

    static final Set<String> VOLATILE = ['eventId', 'eventTime', 'requestId', 'timestamp', 'lastUpdateTime',
                                         'lastSyncTime', 'time', 'id', 'observedTimestamp', 'observed-timestamp',
                                         'subJobId', 'ce_id', 'ce_time', 'eventCorrelationId'] as Set
    static final String UUID_PATTERN = /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/
    static final String TIMESTAMP_PATTERN = /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})?/
    static final String LOOPBACK_PATTERN = /(127\.0\.0\.1|localhost):\d+/
    static final int MAX_DIFFERENCES = 10

    final String name
    final Path directory
    final Map scenario
    final List<Map> recorded

    WireScenario(Path scenarioFile, Path recordedFile) {
        name = scenarioFile.fileName.toString() - '.json'
        directory = scenarioFile.parent
        scenario = new JsonSlurper().parse(scenarioFile.toFile()) as Map
        recorded = (new JsonSlurper().parse(recordedFile.toFile()) as Map).answers as List<Map>
    }

    /**
     * Replays every step against the service at baseUrl, with the given variables over the scenario's own; around
     * each REST step, the hooks are given the step as sent and, after it, its answer.
     */
    List<Map> replay(String baseUrl, String authorization, WireTopics topics, Map<String, String> overrides,
                     Closure beforeStep = { step -> }, Closure afterStep = { step, answer -> }) {
        def variables = (scenario.vars ?: [:]) + overrides
        def http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build()
        def answers = []
        def steps = scenario.steps as List<Map>
        steps.eachWithIndex { Map rawStep, int index ->
            def step = substitute(rawStep, variables) as Map
            if (step.containsKey('sleep')) {
                awaitNextStep(http, baseUrl, authorization, steps.drop(index + 1).find { !it.containsKey('sleep') },
                    variables, (step.sleep as BigDecimal * 1000).longValue())
                return
            }
            if (step.topic) {
                answers << topics.records(step.topic as String, (step.match ?: [:]) as Map, step.count as Integer,
                    (step.wait_s ?: 10) as BigDecimal) + [name: step.name]
                return
            }
            beforeStep(step)
            def answer = send(http, baseUrl, authorization, step) + [name: step.name]
            afterStep(step, answer)
            answers << answer
        }
        answers
    }

    /**
     * A pause of the recording (the reference's module sync, say) is a poll here: the GET after it is asked until it
     * answers as the reference did, at most as long as the pause; it may never (a difference on purpose), and then the
     * step's own comparison tells. A pause needs such a GET to poll.
     */
    private void awaitNextStep(HttpClient http, String baseUrl, String authorization, Map rawNextStep,
                               Map variables, long pauseMillis) {
        def nextStep = rawNextStep == null ? null : substitute(rawNextStep, variables) as Map
        def reference = recorded.find { it.name == nextStep?.name }
        assert nextStep?.method == 'GET' && reference != null: "a pause in ${name} is followed by no recorded GET to poll"
        try {
            new PollingConditions(timeout: pauseMillis / 1000, delay: 0.2).eventually {
                assert answersAsRecorded(send(http, baseUrl, authorization, nextStep), reference)
            }
        } catch (SpockTimeoutError answeredOtherwise) {
            // compared, and named or failed, by the step itself
        }
    }

    private static boolean answersAsRecorded(Map answer, Map reference) {
        def volatileKeys = VOLATILE + (reference.volatile ?: []) as Set<String>
        answer.status == reference.status && (!(reference.compare in ['exact', 'shape'])
            || differences(mask(reference.body, volatileKeys, reference.ordered as boolean),
                mask(answer.body, volatileKeys, reference.ordered as boolean), reference.compare == 'shape', '$', []).isEmpty())
    }

    /** Writes our answers as the kit's run writes them, so that its diff compares them with the reference's. */
    void keep(List<Map> answers, Path folder) {
        def byName = recorded.collectEntries { [(it.name): it] }
        def kept = answers.collect { answer ->
            def reference = byName[answer.name] as Map ?: [:]
            answer + [compare: reference.compare ?: 'exact', ordered: reference.ordered ?: false,
                      volatile: reference.volatile ?: []]
        }
        Files.createDirectories(folder)
        Files.writeString(folder.resolve("${name}.json"), JsonOutput.prettyPrint(JsonOutput.toJson([scenario: name, answers: kept])))
    }

    /** The differences of each step whose answer is not the reference's, by step name. */
    Map<String, List<String>> compare(List<Map> ours) {
        def byName = ours.collectEntries { [(it.name): it] }
        def differing = [:] as LinkedHashMap<String, List<String>>
        recorded.each { reference ->
            def mine = byName[reference.name] as Map
            if (mine == null) {
                differing[reference.name as String] = ['not replayed']
                return
            }
            def found = []
            if (reference.status != mine.status) {
                found << "HTTP ${reference.status} there, ${mine.status} here: ${JsonOutput.toJson(mine.body).take(300)}".toString()
            } else if (reference.compare in ['exact', 'shape']) {
                def volatileKeys = VOLATILE + (reference.volatile ?: []) as Set<String>
                boolean ordered = reference.ordered
                found = differences(mask(reference.body, volatileKeys, ordered), mask(mine.body, volatileKeys, ordered),
                    reference.compare == 'shape', '$', [])
            }
            if (found) {
                differing[reference.name as String] = found
            }
        }
        differing
    }

    private Map send(HttpClient http, String baseUrl, String authorization, Map step) {
        def request = HttpRequest.newBuilder(URI.create(baseUrl + step.path + queryOf(step.params as Map)))
            .timeout(Duration.ofSeconds((step.timeout_s ?: 60) as long))
            .header('Authorization', authorization)
        (step.headers as Map ?: [:]).each { header, value -> request.header(header as String, value as String) }
        def body = HttpRequest.BodyPublishers.noBody()
        if (step.json != null) {
            request.header('Content-Type', 'application/json')
            body = HttpRequest.BodyPublishers.ofString(JsonOutput.toJson(step.json))
        } else if (step.data != null) {
            body = HttpRequest.BodyPublishers.ofString(step.data as String)
        } else if (step.files) {
            def boundary = 'wire-' + UUID.randomUUID()
            request.header('Content-Type', "multipart/form-data; boundary=${boundary}")
            body = HttpRequest.BodyPublishers.ofByteArray(multipart(boundary, step.files as Map))
        }
        request.method(step.method as String ?: 'GET', body)
        try {
            def response = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray())
            [status: response.statusCode(), body: bodyOf(response.body())]
        } catch (IOException failed) {
            [status: 0, body: "${failed.class.simpleName}: ${failed.message}".toString()]
        }
    }

    /** As Python's requests encodes params: form encoding, a list value as repeated parameters. */
    static String queryOf(Map params) {
        if (!params) {
            return ''
        }
        '?' + params.collectMany { key, value ->
            (value instanceof List ? value : [value]).collect {
                URLEncoder.encode(key as String, StandardCharsets.UTF_8) + '=' + URLEncoder.encode(it as String, StandardCharsets.UTF_8)
            }
        }.join('&')
    }

    byte[] multipart(String boundary, Map files) {
        def output = new ByteArrayOutputStream()
        files.each { field, file ->
            def path = directory.resolve(file as String)
            output.write(("--${boundary}\r\nContent-Disposition: form-data; name=\"${field}\"; " +
                "filename=\"${path.fileName}\"\r\n\r\n").getBytes(StandardCharsets.UTF_8))
            output.write(Files.readAllBytes(path))
            output.write('\r\n'.getBytes(StandardCharsets.UTF_8))
        }
        output.write("--${boundary}--\r\n".getBytes(StandardCharsets.UTF_8))
        output.toByteArray()
    }

    private static Object bodyOf(byte[] content) {
        if (content.length == 0) {
            return null
        }
        def text = new String(content, StandardCharsets.UTF_8)
        try {
            return new JsonSlurper().parseText(text)
        } catch (RuntimeException notJson) {
            return text.take(4000)
        }
    }

    static Object substitute(Object value, Map variables) {
        switch (value) {
            case String: return (value as String).replaceAll(/\$\{(\w+)\}/) { all, variable ->
                variables.containsKey(variable) ? variables[variable] as String : all }
            case Map: return (value as Map).collectEntries { key, entry -> [substitute(key, variables), substitute(entry, variables)] }
            case List: return (value as List).collect { substitute(it, variables) }
            default: return value
        }
    }

    static Object mask(Object value, Set<String> volatileKeys, boolean ordered) {
        def xmlTree = value instanceof String ? xmlTree(value) : null
        if (xmlTree != null) {
            return mask(xmlTree, volatileKeys, ordered)
        }
        switch (value) {
            case String: return (value as String).replaceAll(UUID_PATTERN, '<uuid>').replaceAll(TIMESTAMP_PATTERN, '<time>')
                .replaceAll(LOOPBACK_PATTERN, '$1:<port>')
            case Map: return (value as Map).collectEntries { key, entry ->
                [key, key in volatileKeys ? '<volatile>' : mask(entry, volatileKeys, ordered)] }
            case List:
                def items = (value as List).collect { mask(it, volatileKeys, ordered) }
                return ordered ? items : items.sort { canonical(it) }
            default: return value
        }
    }

    /** An XML document as {name: text} or {name: [children]} per element; null for any other text. */
    private static Object xmlTree(String text) {
        if (!text.startsWith('<') || !text.endsWith('>')) {
            return null
        }
        try {
            def factory = DocumentBuilderFactory.newInstance()
            factory.setFeature('http://apache.org/xml/features/disallow-doctype-decl', true)
            def builder = factory.newDocumentBuilder()
            // malformed XML is told by the exception; the default handler would print it too
            builder.errorHandler = [warning: {}, error: {}, fatalError: { throw it }] as ErrorHandler
            elementTree(builder.parse(new InputSource(new StringReader(text))).documentElement)
        } catch (SAXException | IOException notXml) {
            null
        }
    }

    private static Map elementTree(Element element) {
        def children = (0..<element.childNodes.length).collect { element.childNodes.item(it) }.findAll { it instanceof Element }
        [(element.tagName): children ? children.collect { elementTree(it as Element) } : element.textContent]
    }

    private static String canonical(Object value) {
        switch (value) {
            case Map: return '{' + (value as Map).sort { it.key as String }.collect { key, entry ->
                JsonOutput.toJson(key as String) + ':' + canonical(entry) }.join(',') + '}'
            case List: return '[' + (value as List).collect { canonical(it) }.join(',') + ']'
            default: return JsonOutput.toJson(value)
        }
    }

    static String typeOf(Object value) {
        switch (value) {
            case Map: return 'object'
            case List: return 'array'
            case String: return 'string'
            case Boolean: return 'boolean'
            case null: return 'null'
            default: return 'number'
        }
    }

    /** The same walk as the kit's diff: the reference's keys all present, and in exact mode nothing more. */
    static List<String> differences(Object reference, Object ours, boolean shapeOnly, String path, List<String> found) {
        if (found.size() >= MAX_DIFFERENCES) {
            return found
        }
        if (typeOf(reference) != typeOf(ours)) {
            found << "${path}: ${JsonOutput.toJson(reference).take(100)} there, ${JsonOutput.toJson(ours).take(100)} here".toString()
        } else if (reference instanceof Map) {
            def oursMap = ours as Map
            reference.each { key, entry ->
                if (!oursMap.containsKey(key)) {
                    found << "${path}.${key}: missing here".toString()
                } else {
                    differences(entry, oursMap[key], shapeOnly, "${path}.${key}", found)
                }
            }
            if (!shapeOnly) {
                oursMap.keySet().findAll { !reference.containsKey(it) }.each { found << "${path}.${it}: only here".toString() }
            }
        } else if (reference instanceof List) {
            def oursList = ours as List
            if (reference.size() != oursList.size() && !shapeOnly) {
                found << "${path}: ${reference.size()} items there, ${oursList.size()} here".toString()
            }
            def compared = shapeOnly ? oursList.take(1) : oursList
            [reference, compared].transpose().eachWithIndex { pair, index ->
                differences(pair[0], pair[1], shapeOnly, "${path}[${index}]", found)
            }
        } else if (reference != ours && !shapeOnly) {
            found << "${path}: ${JsonOutput.toJson(reference).take(100)} there, ${JsonOutput.toJson(ours).take(100)} here".toString()
        }
        found
    }
}
