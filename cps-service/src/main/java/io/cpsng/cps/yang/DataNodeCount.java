package io.cpsng.cps.yang;

import com.google.gson.stream.JsonReader;
import io.cpsng.cps.api.exceptions.DataValidationException;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayDeque;
import java.util.Deque;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.opendaylight.yangtools.util.xml.UntrustedXML;

/**
 * The data nodes (containers and list entries) of JSON or XML data, counted in one streaming pass before the data
 * are parsed: yangtools' parsers build a tree of their own of the whole data before they hand over the first node,
 * so a count taken as nodes were handed over came after the memory was spent (three writes of 600,000 list entries
 * at once still ran a 1 GB heap out). In JSON a data node is an object (the outermost one is the data's wrapper), in
 * XML an element with child elements. Data that cannot be read are left to the parser, which says what is wrong.
 */
final class DataNodeCount {

    private DataNodeCount() {
    }

    /** Refuses the data when they hold more than maxDataNodes data nodes (cps.store.max-fragments-per-write). */
    static void refuseMoreThan(final int maxDataNodes, final String data, final boolean xml) {
        if (xml ? xmlExceeds(data, maxDataNodes) : jsonExceeds(data, maxDataNodes)) {
            throw new DataValidationException("Write too large", "The data hold more than " + maxDataNodes
                + " data nodes (containers and list entries), the limit cps.store.max-fragments-per-write: write "
                + "them in parts, such as list entries with POST .../list-nodes");
        }
    }

    private static boolean jsonExceeds(final String json, final int maxDataNodes) {
        final JsonReader jsonReader = new JsonReader(new StringReader(json));
        int objects = 0;
        try {
            while (true) {
                switch (jsonReader.peek()) {
                    case BEGIN_OBJECT -> {
                        if (++objects > maxDataNodes + 1) {
                            return true;
                        }
                        jsonReader.beginObject();
                    }
                    case END_OBJECT -> jsonReader.endObject();
                    case BEGIN_ARRAY -> jsonReader.beginArray();
                    case END_ARRAY -> jsonReader.endArray();
                    case NAME -> jsonReader.nextName();
                    case END_DOCUMENT -> {
                        return false;
                    }
                    default -> jsonReader.skipValue();
                }
            }
        } catch (final IOException | RuntimeException unreadable) {
            return false;
        }
    }

    private static boolean xmlExceeds(final String xml, final int maxDataNodes) {
        // per open element: whether a child element was met in it yet
        final Deque<boolean[]> openElements = new ArrayDeque<>();
        int elementsWithChildren = 0;
        try {
            final XMLStreamReader xmlReader = UntrustedXML.createXMLStreamReader(new StringReader(xml));
            while (xmlReader.hasNext()) {
                final int event = xmlReader.next();
                if (event == XMLStreamConstants.START_ELEMENT) {
                    if (!openElements.isEmpty() && !openElements.peek()[0]) {
                        openElements.peek()[0] = true;
                        if (++elementsWithChildren > maxDataNodes) {
                            return true;
                        }
                    }
                    openElements.push(new boolean[1]);
                } else if (event == XMLStreamConstants.END_ELEMENT) {
                    openElements.pop();
                }
            }
            return false;
        } catch (final XMLStreamException | RuntimeException unreadable) {
            return false;
        }
    }
}
