package io.cpsng.dmistub

import groovy.json.JsonOutput
import java.nio.file.Files
import java.nio.file.Path

/**
 * Writes the module sets the stub serves: for each tag a module references file, a module resources file (the
 * YANG sources) and the two mappings choosing them by the request's moduleSetTag, plus the default set and the
 * failing tag. The output is committed under src/main/resources/wiremock; GeneratedFilesSpec checks it is what
 * this class writes, and rewrites it when run with -DregenerateModuleSets=true.
 *
 * Every module is "stub-" + a topic, defined only by topic and revision, so the same name and revision has the
 * same source in every set (NCMP shares modules between sets by name and revision).
 */
class ModuleSetGenerator {

    static final String FIRST_REVISION = '2024-01-15'
    static final String SECOND_REVISION = '2025-03-01'
    static final String DEFAULT_SET = 'default'
    static final String FAILING_TAG = 'failing-tag'

    /** In every set. stub-types holds the typedefs all others import. */
    static final List<String> COMMON_TOPICS = ['types', 'system', 'interfaces', 'ip', 'routing', 'alarms', 'ntp',
                                               'users', 'logging', 'snmp', 'inventory', 'software', 'license',
                                               'security', 'performance']
    static final List<String> SWITCHING_TOPICS = ['dhcp', 'lldp', 'vlan', 'qos', 'bfd']
    static final List<String> RADIO_TOPICS = ['radio', 'cell', 'antenna', 'power', 'fan', 'ptp', 'sync', 'handover',
                                              'neighbors', 'energy']

    /** Topic to the topic whose container it augments (and so imports); the target must be in the same set. */
    static final Map<String, String> AUGMENTED_TOPICS = [ip     : 'interfaces', vlan: 'interfaces', qos: 'interfaces',
                                                         ospf   : 'routing', bgp: 'routing', isis: 'routing',
                                                         mpls   : 'routing', ldp: 'mpls', rsvp: 'mpls',
                                                         cell   : 'radio', carrier: 'radio', beam: 'cell',
                                                         handover: 'cell', neighbors: 'cell', sync: 'ptp']

    /** Set name (a tag, or default) to topic to revision: the sets overlap, some modules differ by revision. */
    static final Map<String, Map<String, String>> MODULE_SETS = [
        (DEFAULT_SET): moduleSet(COMMON_TOPICS + SWITCHING_TOPICS),
        'tag-1'      : moduleSet(COMMON_TOPICS + SWITCHING_TOPICS + ['ospf', 'bgp']),
        'tag-2'      : moduleSet(COMMON_TOPICS + ['vlan', 'qos', 'ospf', 'bgp', 'isis', 'mpls', 'ldp', 'rsvp'],
                                 ['interfaces', 'ip', 'alarms', 'bgp']),
        'tag-3'      : moduleSet(COMMON_TOPICS + RADIO_TOPICS),
        'tag-4'      : moduleSet(COMMON_TOPICS + RADIO_TOPICS + ['beam', 'carrier'],
                                 ['system', 'software', 'radio', 'cell']),
        'tag-5'      : moduleSet(COMMON_TOPICS + SWITCHING_TOPICS + ['ospf', 'bgp', 'isis', 'mpls', 'ptp', 'sync',
                                                                     'radio', 'cell', 'antenna', 'power'],
                                 ['interfaces', 'ip', 'alarms', 'bgp', 'system', 'software', 'radio', 'cell'])
    ]

    static void writeTo(Path wiremockRoot) {
        generatedFiles().each { relativePath, content ->
            def file = wiremockRoot.resolve(relativePath)
            Files.createDirectories(file.parent)
            Files.writeString(file, content)
        }
    }

    /** Path below the WireMock root to file content, for every generated file. */
    static Map<String, String> generatedFiles() {
        def files = new TreeMap<String, String>()
        MODULE_SETS.each { setName, topicRevisions ->
            files["__files/module-references/${setName}.json"] = json([schemas: topicRevisions.collect { topic, revision ->
                [moduleName: moduleName(topic), revision: revision, namespace: namespace(topic)]
            }])
            files["__files/module-resources/${setName}.json"] = json(topicRevisions.collect { topic, revision ->
                [moduleName: moduleName(topic), revision: revision, yangSource: yangSource(topic, revision)]
            })
            files["mappings/modules-${setName}.json"] = json(mapping(setName, 'modules', 'MODULES',
                [status: 200, headers: JSON_CONTENT, bodyFileName: "module-references/${setName}.json"]))
            files["mappings/module-resources-${setName}.json"] = json(mapping(setName, 'moduleResources',
                'MODULE_RESOURCES',
                [status: 200, headers: JSON_CONTENT, bodyFileName: "module-resources/${setName}.json"]))
        }
        def serverError = [status: 500, headers: JSON_CONTENT, jsonBody: [status: '500', message: 'Internal Server Error',
                                                                          details: "module set tag ${FAILING_TAG} always fails"]]
        files["mappings/modules-${FAILING_TAG}.json"] = json(mapping(FAILING_TAG, 'modules', 'MODULES', serverError))
        files["mappings/module-resources-${FAILING_TAG}.json"] = json(mapping(FAILING_TAG, 'moduleResources',
            'MODULE_RESOURCES', serverError))
        files as Map<String, String>
    }

    static String moduleName(String topic) {
        "stub-${topic}"
    }

    static String namespace(String topic) {
        "urn:cps-ng:dmi-stub:${topic}"
    }

    static String yangSource(String topic, String revision) {
        topic == 'types' ? typesModule() : topicModule(topic, revision)
    }

    private static final Map<String, String> JSON_CONTENT = ['Content-Type': 'application/json']

    private static Map<String, String> moduleSet(List<String> topics, List<String> topicsAtSecondRevision = []) {
        topics.sort().collectEntries { topic -> [(topic): topic in topicsAtSecondRevision ? SECOND_REVISION : FIRST_REVISION] }
    }

    /** A tag's mapping matches on the request's moduleSetTag; the default set's matches anything, at lower priority. */
    private static Map mapping(String setName, String pathEnd, String endpoint, Map response) {
        def request = [method: 'POST', urlPathTemplate: "/dmi/v1/ch/{cmHandleId}/${pathEnd}"]
        if (setName != DEFAULT_SET) {
            request.bodyPatterns = [[matchesJsonPath: [expression: '$.moduleSetTag', equalTo: setName]]]
        }
        [name    : setName == DEFAULT_SET ? "${pathEnd} without a known tag" : "${pathEnd} for ${setName}",
         priority: setName == DEFAULT_SET ? 10 : 1,
         request : request,
         response: response,
         metadata: [(DmiEndpoint.METADATA_KEY): endpoint]]
    }

    private static String typesModule() {
        """\
        |module stub-types {
        |  yang-version 1.1;
        |  namespace "${namespace('types')}";
        |  prefix types;
        |
        |  organization "cps-ng";
        |  description "Types shared by the modules of the cps-ng DMI stub.";
        |
        |  revision ${FIRST_REVISION} {
        |    description "Initial revision.";
        |  }
        |
        |  typedef name {
        |    type string {
        |      length "1..64";
        |    }
        |  }
        |
        |  typedef percentage {
        |    type uint8 {
        |      range "0..100";
        |    }
        |  }
        |
        |  typedef admin-state {
        |    type enumeration {
        |      enum locked;
        |      enum unlocked;
        |      enum shutting-down;
        |    }
        |  }
        |}
        |""".stripMargin()
    }

    /** The second revision adds a leaf and keeps the first in its history, as a real revision would. */
    private static String topicModule(String topic, String revision) {
        def augmentedTopic = AUGMENTED_TOPICS[topic]
        def secondRevision = revision == SECOND_REVISION
        def lines = []
        lines << "module ${moduleName(topic)} {"
        lines << '  yang-version 1.1;'
        lines << "  namespace \"${namespace(topic)}\";"
        lines << "  prefix ${topic};"
        lines << ''
        lines << '  import stub-types {' << '    prefix types;' << '  }'
        if (augmentedTopic) {
            lines << "  import ${moduleName(augmentedTopic)} {" << "    prefix ${augmentedTopic};" << '  }'
        }
        lines << ''
        lines << '  organization "cps-ng";'
        lines << "  description \"The ${topic} configuration of a network function, as served by the cps-ng DMI stub.\";"
        lines << ''
        if (secondRevision) {
            lines << "  revision ${SECOND_REVISION} {" << '    description "Adds the administrative state.";' << '  }'
        }
        lines << "  revision ${FIRST_REVISION} {" << '    description "Initial revision.";' << '  }'
        lines << ''
        lines << "  container ${topic} {"
        lines << "    description \"The ${topic} settings.\";"
        lines << '    leaf name {' << '      type types:name;' << '    }'
        lines << '    leaf enabled {' << '      type boolean;' << '      default "true";' << '    }'
        lines << '    leaf description {' << '      type string;' << '    }'
        lines << '    leaf load {' << '      type types:percentage;' << '    }'
        if (secondRevision) {
            lines << '    leaf admin-state {' << '      type types:admin-state;' << '    }'
        }
        lines << '  }'
        if (augmentedTopic) {
            lines << ''
            lines << "  augment \"/${augmentedTopic}:${augmentedTopic}\" {"
            lines << "    leaf ${topic}-enabled {" << '      type boolean;' << '    }'
            lines << '  }'
        }
        lines << '}'
        lines.join('\n') + '\n'
    }

    private static String json(Object content) {
        JsonOutput.prettyPrint(JsonOutput.toJson(content)) + '\n'
    }
}
