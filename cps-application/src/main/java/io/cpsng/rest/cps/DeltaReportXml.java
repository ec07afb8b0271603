package io.cpsng.rest.cps;

import io.cpsng.cps.api.exceptions.DataValidationException;
import io.cpsng.cps.api.model.ContentType;
import io.cpsng.cps.api.model.DeltaChange;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;

/**
 * A delta report in XML, as the reference writes it: {@code <deltaReports>} with a {@code <deltaReport>} per entry,
 * its fields as elements in the JSON report's order ({@code action}, {@code xpath}, {@code sourceData},
 * {@code targetData}), a list entry or leaf-list value an element each, no namespaces, no declaration. Read back,
 * each entry's data are its nodes' elements inside a {@code <data>} element, as the store takes XML.
 */
final class DeltaReportXml {

    private static final String ROOT = "deltaReports";
    private static final String ENTRY = "deltaReport";

    private DeltaReportXml() {
    }

    static String write(final ArrayNode report) {
        if (report.isEmpty()) {
            return "<" + ROOT + "/>";
        }
        final StringBuilder xml = new StringBuilder("<" + ROOT + ">");
        report.forEach(entry -> appendElement(xml, ENTRY, entry));
        return xml.append("</" + ROOT + ">").toString();
    }

    private static void appendElement(final StringBuilder xml, final String name, final JsonNode value) {
        if (value.isArray()) {
            value.forEach(item -> appendElement(xml, name, item));
            return;
        }
        xml.append('<').append(name).append('>');
        if (value.isObject()) {
            for (final Map.Entry<String, JsonNode> member : value.properties()) {
                appendElement(xml, member.getKey(), member.getValue());
            }
        } else {
            xml.append(escaped(value.asString()));
        }
        xml.append("</").append(name).append('>');
    }

    private static String escaped(final String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace("]]>", "]]&gt;");
    }

    /** The entries of the report, at most that many; a malformed report is a DataValidationException. */
    static List<DeltaChange> read(final String xml, final int mostEntries) {
        final Element root = parse(xml).getDocumentElement();
        if (!ROOT.equals(root.getLocalName())) {
            throw invalid("The root element is <" + root.getLocalName() + ">, not <" + ROOT + ">");
        }
        final List<Element> entries = childElements(root);
        if (entries.size() > mostEntries) {
            throw invalid("A report applied at once has at most " + mostEntries + " entries; this one has "
                + entries.size() + ": apply it in parts.");
        }
        final List<DeltaChange> changes = new ArrayList<>();
        for (int index = 0; index < entries.size(); index++) {
            final Element entry = entries.get(index);
            if (!ENTRY.equals(entry.getLocalName())) {
                throw invalid("Element " + index + " of <" + ROOT + "> is <" + entry.getLocalName() + ">, not <"
                    + ENTRY + ">");
            }
            changes.add(new DeltaChange(text(entry, "action"), text(entry, "xpath"), data(entry, "sourceData"),
                data(entry, "targetData"), ContentType.XML));
        }
        return changes;
    }

    private static Document parse(final String xml) {
        try {
            final DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            // a report is data: no DTD, no external entity may reach the file system or the network
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setXIncludeAware(false);
            factory.setExpandEntityReferences(false);
            factory.setNamespaceAware(true);
            return factory.newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
        } catch (final SAXParseException malformed) {
            throw invalid("The body is not XML: " + malformed.getMessage() + " (line " + malformed.getLineNumber()
                + ", column " + malformed.getColumnNumber() + ")");
        } catch (final SAXException | IOException | ParserConfigurationException unreadable) {
            throw invalid("The body is not XML: " + unreadable.getMessage());
        }
    }

    private static Element field(final Element entry, final String name) {
        return childElements(entry).stream().filter(child -> name.equals(child.getLocalName())).findFirst()
            .orElse(null);
    }

    private static String text(final Element entry, final String name) {
        final Element field = field(entry, name);
        return field == null ? null : field.getTextContent().strip();
    }

    /** The field's child elements inside {@code <data>}, as the store reads XML of several nodes; null if absent. */
    private static String data(final Element entry, final String name) {
        final Element field = field(entry, name);
        if (field == null) {
            return null;
        }
        final StringWriter data = new StringWriter().append("<data>");
        try {
            final Transformer transformer = TransformerFactory.newInstance().newTransformer();
            transformer.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
            for (final Element child : childElements(field)) {
                transformer.transform(new DOMSource(child), new StreamResult(data));
            }
        } catch (final TransformerException unwritable) {
            throw invalid(name + " of an entry cannot be read: " + unwritable.getMessage());
        }
        return data.append("</data>").toString();
    }

    private static List<Element> childElements(final Element parent) {
        final List<Element> children = new ArrayList<>();
        for (Node child = parent.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element element) {
                children.add(element);
            }
        }
        return children;
    }

    private static DataValidationException invalid(final String details) {
        return new DataValidationException("Invalid delta report", details);
    }
}
