package io.cpsng.cps.yang;

import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.path.Xpaths;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.data.codec.gson.JSONCodec;
import org.opendaylight.yangtools.yang.data.codec.gson.JSONCodecFactory;
import org.opendaylight.yangtools.yang.model.api.ContainerSchemaNode;
import org.opendaylight.yangtools.yang.model.api.DataNodeContainer;
import org.opendaylight.yangtools.yang.model.api.DataSchemaNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.LeafListSchemaNode;
import org.opendaylight.yangtools.yang.model.api.LeafSchemaNode;
import org.opendaylight.yangtools.yang.model.api.ListSchemaNode;
import org.opendaylight.yangtools.yang.model.api.Module;
import org.opendaylight.yangtools.yang.model.api.TypeDefinition;
import org.opendaylight.yangtools.yang.model.api.TypedDataSchemaNode;
import org.opendaylight.yangtools.yang.model.api.type.BooleanTypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.DecimalTypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.EnumTypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.Int16TypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.Int32TypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.Int64TypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.Int8TypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.StringTypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.Uint16TypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.Uint32TypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.Uint64TypeDefinition;
import org.opendaylight.yangtools.yang.model.api.type.Uint8TypeDefinition;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.json.JsonFactory;

/**
 * JSON data (a whole document, or the nodes under a parent) read straight into data nodes, for data in the plain
 * shapes devices send: containers, lists with keys, leaves and leaf-lists of strings, enumerations, numbers and
 * booleans, each value in the JSON type RFC 7951 gives it and checked by the same yangtools codec the full parser
 * uses. Anything else (a choice, a keyless list, another type, a value a codec refuses, a member the model does not
 * have, a repeated member or entry) is not judged here: {@link #read} answers null, and the caller parses with
 * yangtools, which accepts or says what is wrong.
 * Two to four times faster than yangtools' parser on a device's operational tree (docs/performance.md, data sync).
 */
final class PlainJsonData {

    private static final JsonFactory JSON = JsonFactory.builder().build();

    private final ModuleIdentities moduleIdentities;
    private final JSONCodecFactory codecs;
    private final Map<String, QNameModule> modulesByName = new HashMap<>();
    // look-ups made once per schema node, not once per member: yangtools' own are most of its parser's time
    private final Map<ChildName, DataSchemaNode> children = new ConcurrentHashMap<>();
    private final Map<TypedDataSchemaNode, JSONCodec<?>> codecsByLeaf = new ConcurrentHashMap<>();

    /** A member's name under a schema node: its local name and module. */
    private record ChildName(DataNodeContainer parent, String localName, QNameModule module) {
    }

    PlainJsonData(final EffectiveModelContext modelContext, final ModuleIdentities moduleIdentities,
                  final JSONCodecFactory codecs) {
        this.moduleIdentities = moduleIdentities;
        this.codecs = codecs;
        for (final Module module : modelContext.getModules()) {
            modulesByName.putIfAbsent(module.getName(), module.getQNameModule());
        }
    }

    /** Not in the plain shapes, or not valid: the full parser decides. */
    private static final class NotPlain extends RuntimeException {

        NotPlain() {
            super(null, null, false, false);
        }
    }

    private static final NotPlain NOT_PLAIN = new NotPlain();

    /**
     * The top nodes of the JSON under the parent (the model's context for the top level of a document), each
     * member named with its module; null if the full parser must read it.
     */
    List<DataNode> read(final String parentXpath, final DataNodeContainer parent, final String json) {
        try (JsonParser parser = JSON.createParser(json)) {
            expect(parser.nextToken() == JsonToken.START_OBJECT);
            final List<DataNode> nodes = new ArrayList<>();
            final Set<String> names = new HashSet<>();
            while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
                final String memberName = parser.currentName();
                expect(names.add(memberName));
                final int colon = memberName.indexOf(':');
                expect(colon > 0);
                final QNameModule module = modulesByName.get(memberName.substring(0, colon));
                expect(module != null);
                final DataSchemaNode schemaNode = childOf(parent, memberName.substring(colon + 1), module);
                parser.nextToken();
                readNode(parser, schemaNode, parentXpath, nodes, true);
            }
            expect(parser.nextToken() == null);
            return nodes;
        } catch (final RuntimeException notPlain) {
            // NotPlain, a JSON syntax error, or anything a codec throws: the full parser says what it is
            return null;
        }
    }

    /** The container or list (its entries) at the parser's current value, added to the nodes. */
    private void readNode(final JsonParser parser, final DataSchemaNode schemaNode, final String parentXpath,
                          final List<DataNode> nodes, final boolean top) {
        final String name = schemaNode.getQName().getLocalName();
        if (schemaNode instanceof ContainerSchemaNode container) {
            expect(parser.currentToken() == JsonToken.START_OBJECT);
            nodes.add(readContent(parser, container, Xpaths.childXpath(parentXpath, name), null, top));
        } else if (schemaNode instanceof ListSchemaNode list && !list.getKeyDefinition().isEmpty()) {
            expect(parser.currentToken() == JsonToken.START_ARRAY);
            final Set<String> entryXpaths = new HashSet<>();
            while (parser.nextToken() == JsonToken.START_OBJECT) {
                final DataNode entry = readContent(parser, list, Xpaths.childXpath(parentXpath, name), list, top);
                expect(entryXpaths.add(entry.xpath()));
                nodes.add(entry);
            }
            expect(parser.currentToken() == JsonToken.END_ARRAY);
        } else {
            throw NOT_PLAIN;
        }
    }

    /**
     * An object's members as a node. A list entry's keys come before its child nodes (whose xpaths hold them), as
     * devices send them; an entry that names a child first is left to the full parser.
     */
    private DataNode readContent(final JsonParser parser, final DataNodeContainer schemaNode, final String xpath,
                                 final ListSchemaNode list, final boolean top) {
        final QNameModule module = ((DataSchemaNode) schemaNode).getQName().getModule();
        final Map<String, Object> leaves = new LinkedHashMap<>();
        final Map<String, Object> keyValues = list == null ? null : new LinkedHashMap<>();
        final List<DataNode> children = new ArrayList<>();
        final Set<String> names = new HashSet<>();
        String nodeXpath = list == null ? xpath : null;
        while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
            final String memberName = parser.currentName();
            expect(names.add(memberName));
            final int colon = memberName.indexOf(':');
            final QNameModule childModule = colon < 0 ? module : modulesByName.get(memberName.substring(0, colon));
            expect(childModule != null);
            final DataSchemaNode child = childOf(schemaNode, memberName.substring(colon + 1), childModule);
            final JsonToken token = parser.nextToken();
            switch (child) {
                case LeafSchemaNode leaf -> {
                    final Object value = typedValue(leaf, parser, token);
                    leaves.put(leaf.getQName().getLocalName(), LeafValues.toPlainValue(value, moduleIdentities));
                    if (keyValues != null && list.getKeyDefinition().contains(leaf.getQName())) {
                        keyValues.put(leaf.getQName().getLocalName(), value);
                    }
                }
                case LeafListSchemaNode leafList -> {
                    expect(token == JsonToken.START_ARRAY);
                    // repeated values collapse into one, as in the full parser's data nodes
                    final Set<Object> values = new LinkedHashSet<>();
                    while (parser.nextToken() != JsonToken.END_ARRAY) {
                        values.add(LeafValues.toPlainValue(typedValue(leafList, parser, parser.currentToken()),
                            moduleIdentities));
                    }
                    leaves.put(leafList.getQName().getLocalName(), new ArrayList<>(values));
                }
                default -> {
                    if (nodeXpath == null) {
                        nodeXpath = xpath + keyPredicate(list, keyValues);
                    }
                    readNode(parser, child, nodeXpath, children, false);
                }
            }
        }
        if (nodeXpath == null) {
            nodeXpath = xpath + keyPredicate(list, keyValues);
        }
        // a char is at most three bytes of UTF-8 (a pair of surrogates four): most xpaths need no encoding to tell
        expect(nodeXpath.length() * 3 <= Xpaths.MOST_BYTES
            || nodeXpath.getBytes(StandardCharsets.UTF_8).length <= Xpaths.MOST_BYTES);
        return new DataNode(nodeXpath, top ? moduleIdentities.identityOf(module) : null, leaves, children);
    }

    private String keyPredicate(final ListSchemaNode list, final Map<String, Object> keyValues) {
        final Map<String, String> keys = new LinkedHashMap<>();
        for (final QName key : list.getKeyDefinition()) {
            final Object value = keyValues.get(key.getLocalName());
            expect(value != null);
            keys.put(key.getLocalName(), LeafValues.toKeyString(value, moduleIdentities));
        }
        return Xpaths.keyPredicate(keys);
    }

    /** The leaf's value checked and typed by its codec; the JSON type must be the one RFC 7951 gives the YANG type. */
    private Object typedValue(final TypedDataSchemaNode leaf, final JsonParser parser, final JsonToken token) {
        final TypeDefinition<?> type = leaf.getType();
        final boolean fits = switch (type) {
            case StringTypeDefinition string -> token == JsonToken.VALUE_STRING;
            case EnumTypeDefinition enumeration -> token == JsonToken.VALUE_STRING;
            case Int8TypeDefinition number -> token == JsonToken.VALUE_NUMBER_INT;
            case Int16TypeDefinition number -> token == JsonToken.VALUE_NUMBER_INT;
            case Int32TypeDefinition number -> token == JsonToken.VALUE_NUMBER_INT;
            case Uint8TypeDefinition number -> token == JsonToken.VALUE_NUMBER_INT;
            case Uint16TypeDefinition number -> token == JsonToken.VALUE_NUMBER_INT;
            case Uint32TypeDefinition number -> token == JsonToken.VALUE_NUMBER_INT;
            case Int64TypeDefinition number -> token == JsonToken.VALUE_STRING;
            case Uint64TypeDefinition number -> token == JsonToken.VALUE_STRING;
            case DecimalTypeDefinition number -> token == JsonToken.VALUE_STRING;
            case BooleanTypeDefinition bool -> token == JsonToken.VALUE_TRUE || token == JsonToken.VALUE_FALSE;
            default -> false;
        };
        expect(fits);
        final JSONCodec<?> codec = codecsByLeaf.computeIfAbsent(leaf, typed -> codecs.codecFor(typed, leafref -> {
            throw NOT_PLAIN;
        }));
        try {
            final Object value = codec.parseValue(parser.getString());
            expect(value != null);
            return value;
        } catch (final RuntimeException refused) {
            throw NOT_PLAIN;
        }
    }

    /** A data child by local name and module, not through a choice (whose cases the full parser checks). */
    private DataSchemaNode childOf(final DataNodeContainer parent, final String localName, final QNameModule module) {
        // only names the model has are kept: what a plugin sends cannot grow the map
        final DataSchemaNode child = children.computeIfAbsent(new ChildName(parent, localName, module),
            name -> findChild(name.parent(), name.localName(), name.module()));
        expect(child != null);
        return child;
    }

    private static DataSchemaNode findChild(final DataNodeContainer parent, final String localName,
                                            final QNameModule module) {
        try {
            return parent.dataChildByName(QName.create(module, localName));
        } catch (final IllegalArgumentException notAName) {
            return null;
        }
    }

    private static void expect(final boolean plain) {
        if (!plain) {
            throw NOT_PLAIN;
        }
    }
}
