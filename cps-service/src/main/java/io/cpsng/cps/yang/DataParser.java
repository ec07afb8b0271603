package io.cpsng.cps.yang;

import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import io.cpsng.cps.api.ReaderMessages;
import io.cpsng.cps.api.exceptions.DataValidationException;
import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.yang.SchemaTree.SchemaParent;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.util.StreamReaderDelegate;
import org.opendaylight.yangtools.util.xml.UntrustedXML;
import org.opendaylight.yangtools.yang.data.codec.gson.JSONCodecFactory;
import org.opendaylight.yangtools.yang.data.codec.gson.JSONCodecFactorySupplier;
import org.opendaylight.yangtools.yang.data.codec.gson.JsonParserStream;
import org.opendaylight.yangtools.yang.data.codec.xml.XmlCodecFactory;
import org.opendaylight.yangtools.yang.data.codec.xml.XmlParserStream;
import org.opendaylight.yangtools.yang.model.api.ContainerSchemaNode;
import org.opendaylight.yangtools.yang.model.api.DataSchemaNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.ListSchemaNode;

/**
 * Parses JSON (RFC 7951) and XML data against the model into data nodes, and turns every parser failure
 * into a DataValidationException that says what is wrong and where. Thread-safe: the codec factories are.
 */
final class DataParser {

    static final String INVALID_DATA = "Data validation failed";

    private static final Pattern QUALIFIED_NAME = Pattern.compile(
        "\\(([^()?\\s]+)(?:\\?revision=[0-9-]+)?\\)([A-Za-z_][\\w.-]*)");
    private static final Pattern XML_PARSE_ERROR_PREFIX = Pattern.compile(
        "^ParseError at \\[row,col]:\\[\\d+,\\d+]\\s*Message:\\s*");
    private static final Pattern MODEL_CONTEXT_DUMP = Pattern.compile("EffectiveSchemaContext\\{.*]}");
    // \b: a match starts only at a word's start, else each letter of a long word started a scan of the rest of it
    private static final Pattern STATEMENT_DUMP = Pattern.compile("\\b\\w+EffectiveStatement\\w*\\{argument=([^{}]+)}");
    private static final String DATA_WRAPPER = "data";
    private static final String TOP_LEVEL_QNAME = "(urn:ietf:params:xml:ns:netconf:base:1.0)data";

    private final SchemaTree schemaTree;
    private final ModuleIdentities moduleIdentities;
    private final JSONCodecFactory jsonCodecs;
    private final XmlCodecFactory xmlCodecs;
    private final int maxDataNodes;

    DataParser(final EffectiveModelContext modelContext, final SchemaTree schemaTree,
               final ModuleIdentities moduleIdentities, final int maxDataNodes) {
        this.schemaTree = schemaTree;
        this.maxDataNodes = maxDataNodes;
        this.moduleIdentities = moduleIdentities;
        this.jsonCodecs = JSONCodecFactorySupplier.RFC7951.getShared(modelContext);
        this.xmlCodecs = XmlCodecFactory.create(modelContext);
    }

    DataNodeWriter writerFor(final String parentXpath, final boolean parentLeavesAllowed) {
        return new DataNodeWriter(parentXpath, moduleIdentities, parentLeavesAllowed);
    }

    void parseJson(final DataNodeWriter dataNodeWriter, final SchemaParent schemaParent, final String json) {
        DataNodeCount.refuseMoreThan(maxDataNodes, json, false);
        final TrackingJsonReader jsonReader = new TrackingJsonReader(json);
        try {
            verifyJsonObject(jsonReader);
            try (JsonParserStream jsonParser = schemaParent.isTop()
                ? JsonParserStream.create(dataNodeWriter, jsonCodecs)
                : JsonParserStream.create(dataNodeWriter, jsonCodecs, schemaParent.inference())) {
                jsonParser.parse(jsonReader);
            }
            verifyEndOfJson(jsonReader);
        } catch (final DataValidationException dataValidationException) {
            throw dataValidationException;
        } catch (final IOException | RuntimeException parserFailure) {
            if (jsonReader.nullValuePath != null && hasCause(parserFailure, NullPointerException.class)) {
                throw invalid("JSON null is not a valid value (at JSON path " + jsonReader.nullValuePath + ")",
                    parserFailure);
            }
            final String jsonPath = jsonReader.getPath();
            final String details = describe(parserFailure);
            // gson's own syntax errors already end with "at line L column C path P"
            final String location = "$".equals(jsonPath) || details.contains(" path $") ? null
                : "JSON path " + jsonPath;
            throw invalid(details + where(dataNodeWriter, location), parserFailure);
        }
    }

    /**
     * XML has one root element: a child of the parent, e.g. the container or one entry of a list; or, as the
     * reference takes it, a {@code <data>} element (any namespace) wrapping one or more such children.
     */
    void parseXml(final DataNodeWriter dataNodeWriter, final String parentXpath, final SchemaParent schemaParent,
                  final String xml) {
        DataNodeCount.refuseMoreThan(maxDataNodes, xml, true);
        final List<RootElement> rootElements = readRootElements(xml, schemaParent);
        // entries of one list side by side are read in one parse, as yangtools reads a list's entries together;
        // a container given twice would be read once, its second element left unread
        final List<DataSchemaNode> rootSchemaNodes = new ArrayList<>();
        for (final RootElement rootElement : rootElements) {
            final DataSchemaNode rootSchemaNode = rootSchemaNodeOf(rootElement, parentXpath, schemaParent);
            if (!(rootSchemaNode instanceof ListSchemaNode) && rootSchemaNodes.contains(rootSchemaNode)) {
                throw invalid("Container " + rootElement.localName() + " is given twice under " + parentXpath, null);
            }
            if (rootSchemaNodes.isEmpty() || rootSchemaNodes.getLast() != rootSchemaNode) {
                rootSchemaNodes.add(rootSchemaNode);
            }
        }
        TrackingXmlReader xmlReader = null;
        try {
            xmlReader = new TrackingXmlReader(UntrustedXML.createXMLStreamReader(new StringReader(xml)));
            if (rootElements.getFirst().wrapped()) {
                xmlReader.nextTag();
                xmlReader.wrapperNamespace = xmlReader.getNamespaceURI();
            }
            // each parse reads one element from the next start tag on: the wrapper's children one after another
            for (final DataSchemaNode rootSchemaNode : rootSchemaNodes) {
                xmlReader.holdAtStartTag();
                xmlReader.defaultNamespace = rootSchemaNode.getQName().getNamespace().toString();
                try (XmlParserStream xmlParser = XmlParserStream.create(dataNodeWriter, xmlCodecs,
                    schemaTree.inferenceOf(schemaParent, rootSchemaNode))) {
                    xmlParser.parse(xmlReader);
                }
            }
        } catch (final DataValidationException dataValidationException) {
            throw dataValidationException;
        } catch (final XMLStreamException | IOException | RuntimeException parserFailure) {
            final String location = xmlReader == null ? null : xmlReader.location();
            throw invalid(describe(parserFailure) + where(dataNodeWriter, location), parserFailure);
        }
    }

    private static void verifyJsonObject(final JsonReader jsonReader) throws IOException {
        final JsonToken firstToken = jsonReader.peek();
        if (firstToken != JsonToken.BEGIN_OBJECT) {
            throw invalid("JSON data must be an object whose members are data nodes, not " + firstToken, null);
        }
    }

    private static void verifyEndOfJson(final JsonReader jsonReader) {
        boolean atEnd;
        try {
            atEnd = jsonReader.peek() == JsonToken.END_DOCUMENT;
        } catch (final IOException trailingGarbage) {
            atEnd = false;
        }
        if (!atEnd) {
            throw invalid("Unexpected content after the JSON object", null);
        }
    }

    private DataSchemaNode rootSchemaNodeOf(final RootElement rootElement, final String parentXpath,
                                            final SchemaParent schemaParent) {
        final DataSchemaNode rootSchemaNode = schemaTree.childOf(schemaParent, rootElement.localName(),
            rootElement.namespace());
        if (rootSchemaNode == null) {
            final String namespace = rootElement.namespace().isEmpty() ? ""
                : " in namespace " + rootElement.namespace();
            throw invalid("There is no node " + rootElement.localName() + namespace + " under " + parentXpath
                + " in the model", null);
        }
        if (!(rootSchemaNode instanceof ContainerSchemaNode || rootSchemaNode instanceof ListSchemaNode)) {
            throw invalid("Node " + rootElement.localName() + " under " + parentXpath + " is not a container or"
                + " list entry: send the node that holds it, as data are stored by node", null);
        }
        return rootSchemaNode;
    }

    /** The root element, or the children of a {@code <data>} root that the model has no node for. */
    private List<RootElement> readRootElements(final String xml, final SchemaParent schemaParent) {
        try {
            final XMLStreamReader xmlReader = UntrustedXML.createXMLStreamReader(new StringReader(xml));
            final RootElement rootElement = nextElement(xmlReader, false);
            if (rootElement == null) {
                throw invalid("The XML data have no root element", null);
            }
            if (!DATA_WRAPPER.equals(rootElement.localName())
                || schemaTree.childOf(schemaParent, rootElement.localName(), rootElement.namespace()) != null) {
                return List.of(rootElement);
            }
            final List<RootElement> wrappedElements = new ArrayList<>();
            for (RootElement child = nextElement(xmlReader, true); child != null; child = nextElement(xmlReader, true)) {
                // a child without xmlns of its own inherits the wrapper's (NETCONF's): it has none of a module
                wrappedElements.add(child.namespace().equals(rootElement.namespace())
                    ? new RootElement(child.localName(), "", true) : child);
                skipElement(xmlReader);
            }
            if (wrappedElements.isEmpty()) {
                throw invalid("The XML data have no node inside <" + DATA_WRAPPER + ">", null);
            }
            return wrappedElements;
        } catch (final XMLStreamException malformedXml) {
            throw invalid("Malformed XML: " + cleanMessage(malformedXml.getMessage()), malformedXml);
        }
    }

    /** The next start tag at this level, or null at the end of the enclosing element (or document). */
    private static RootElement nextElement(final XMLStreamReader xmlReader, final boolean wrapped)
        throws XMLStreamException {
        while (xmlReader.hasNext()) {
            final int event = xmlReader.next();
            if (event == XMLStreamConstants.START_ELEMENT) {
                final String namespace = xmlReader.getNamespaceURI();
                return new RootElement(xmlReader.getLocalName(), namespace == null ? "" : namespace, wrapped);
            }
            if (event == XMLStreamConstants.END_ELEMENT) {
                return null;
            }
        }
        return null;
    }

    private static void skipElement(final XMLStreamReader xmlReader) throws XMLStreamException {
        for (int depth = 1; depth > 0; ) {
            final int event = xmlReader.next();
            depth += event == XMLStreamConstants.START_ELEMENT ? 1 : event == XMLStreamConstants.END_ELEMENT ? -1 : 0;
        }
    }

    /**
     * The first message in the cause chain that says more than its cause's class and message (gson and the
     * reactor wrap exceptions without adding anything), with module names in place of namespaces.
     */
    private String describe(final Throwable parserFailure) {
        String message = null;
        for (Throwable cause = parserFailure; cause != null && message == null; cause = cause.getCause()) {
            final String causeMessage = cause.getMessage();
            final boolean onlyWrapsCause = cause.getCause() != null && causeMessage != null
                && causeMessage.equals(cause.getCause().toString());
            if (causeMessage != null && !onlyWrapsCause) {
                message = causeMessage;
            }
        }
        return message == null ? parserFailure.getClass().getSimpleName()
            : withoutSchemaDumps(withModuleNames(cleanMessage(message)));
    }

    private static boolean hasCause(final Throwable throwable, final Class<? extends Throwable> causeType) {
        for (Throwable cause = throwable; cause != null; cause = cause.getCause()) {
            if (causeType.isInstance(cause)) {
                return true;
            }
        }
        return false;
    }

    /** yangtools prints schema parents with toString(): the whole model at the top, a statement below it. */
    private static String withoutSchemaDumps(final String message) {
        final String atTopLevel = MODEL_CONTEXT_DUMP.matcher(message).replaceAll("the top level");
        return STATEMENT_DUMP.matcher(atTopLevel).replaceAll("$1");
    }

    /** One line: a line ending in ':' introduces what follows; otherwise the rest is explanation. */
    private static String cleanMessage(final String message) {
        final String[] lines = XML_PARSE_ERROR_PREFIX.matcher(ReaderMessages.withoutReaderAdvice(message)).replaceFirst("")
            .split("\\R");
        final String oneLine = lines[0].strip().endsWith(":")
            ? String.join(" ", Arrays.stream(lines).map(String::strip).toList()) : lines[0];
        return oneLine.strip().replaceAll("\\s+", " ");
    }

    private String withModuleNames(final String message) {
        final Matcher matcher = QUALIFIED_NAME.matcher(message.replace(TOP_LEVEL_QNAME, "the top level"));
        final StringBuilder result = new StringBuilder();
        while (matcher.find()) {
            final String moduleName = moduleIdentities.nameOfNamespace(matcher.group(1));
            final String replacement = moduleName == null ? matcher.group() : moduleName + ":" + matcher.group(2);
            matcher.appendReplacement(result, Matcher.quoteReplacement(replacement));
        }
        matcher.appendTail(result);
        return result.toString();
    }

    /** Failures while writing nodes are placed by the node being written, failures while reading by the input. */
    private static String where(final DataNodeWriter dataNodeWriter, final String inputLocation) {
        final String currentXpath = dataNodeWriter.currentXpath();
        if (currentXpath != null) {
            return " (in " + currentXpath + ")";
        }
        return inputLocation == null ? "" : " (at " + inputLocation + ")";
    }

    private static DataValidationException invalid(final String details, final Throwable cause) {
        return new DataValidationException(INVALID_DATA, details, cause);
    }

    private record RootElement(String localName, String namespace, boolean wrapped) {
    }

    /** Remembers where a JSON null was read: yangtools fails on it with a bare NullPointerException. */
    private static final class TrackingJsonReader extends JsonReader {
        private String nullValuePath;

        TrackingJsonReader(final String json) {
            super(new StringReader(json));
        }

        @Override
        public void nextNull() throws IOException {
            nullValuePath = getPath();
            super.nextNull();
        }
    }

    /**
     * Tracks the element path for error messages, and lets XML without namespaces through: an element with no
     * namespace gets the one of the root's module, as clients of the reference system send such XML.
     */
    private static final class TrackingXmlReader extends StreamReaderDelegate {
        private final Deque<String> elementNames = new ArrayDeque<>();
        private String defaultNamespace;
        private String wrapperNamespace;
        private boolean heldAtStartTag;

        TrackingXmlReader(final XMLStreamReader xmlReader) {
            super(xmlReader);
        }

        @Override
        public int next() throws XMLStreamException {
            leaveEndedElement();
            return enterStartedElement(super.next());
        }

        /**
         * A parse of one element may end on the start tag of the next one (the wrapper's next child): the next parse
         * begins with nextTag(), which must then stay on it instead of entering that element.
         */
        void holdAtStartTag() {
            heldAtStartTag = getEventType() == XMLStreamConstants.START_ELEMENT && elementNames.size() > 1;
        }

        @Override
        public int nextTag() throws XMLStreamException {
            if (heldAtStartTag) {
                heldAtStartTag = false;
                return XMLStreamConstants.START_ELEMENT;
            }
            leaveEndedElement();
            return enterStartedElement(super.nextTag());
        }

        @Override
        public String getNamespaceURI() {
            final String namespace = super.getNamespaceURI();
            return namespace == null || namespace.isEmpty() || namespace.equals(wrapperNamespace) ? defaultNamespace
                : namespace;
        }

        String location() {
            final String elementPath = elementNames.isEmpty() ? "" : "/" + String.join("/", elementNames.reversed());
            return (elementPath.isEmpty() ? "" : elementPath + ", ") + "line " + getLocation().getLineNumber();
        }

        private void leaveEndedElement() {
            if (getEventType() == XMLStreamConstants.END_ELEMENT && !elementNames.isEmpty()) {
                elementNames.pop();
            }
        }

        private int enterStartedElement(final int eventType) {
            if (eventType == XMLStreamConstants.START_ELEMENT) {
                elementNames.push(getLocalName());
            }
            return eventType;
        }
    }
}
