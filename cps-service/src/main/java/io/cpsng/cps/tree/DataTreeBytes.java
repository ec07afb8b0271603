package io.cpsng.cps.tree;

import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.api.model.ModuleIdentity;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A data tree as bytes: its texts first, each written once (leaf names above all, and steps such as a list entry's
 * under each of its parents repeat), then its nodes in document order, each naming its texts by number: a child's
 * xpath as its last step (the parent's xpath is not repeated), leaves typed as the parser made them (String, Long,
 * BigDecimal, BigInteger, Boolean, lists of them), the top nodes with their module. Read back without a JSON parser.
 * A merge of leaves is made in the bytes ({@link #mergeLeaves}): the node's leaves written again, new texts added
 * to the table, the rest copied as it is; a text it no longer uses stays in the table, counted, until the tree is
 * written again whole ({@link #isMostlyUnused}).
 */
final class DataTreeBytes {

    private static final byte VERSION = 2;

    private static final byte STEP = 0;
    private static final byte FULL_XPATH = 1;

    private static final byte NULL = 0;
    private static final byte TEXT = 1;
    private static final byte INTEGER = 2;
    private static final byte DECIMAL = 3;
    private static final byte BIG_INTEGER = 4;
    private static final byte TRUE = 5;
    private static final byte FALSE = 6;
    private static final byte LIST = 7;
    private static final byte MAP = 8;

    private DataTreeBytes() {
    }

    static byte[] write(final List<DataNode> topLevelNodes) {
        final TextTable texts = new TextTable(0);
        final NodeWriter writer = new NodeWriter(texts);
        writer.out.writeCount(topLevelNodes.size());
        for (final DataNode topLevelNode : topLevelNodes) {
            writer.writeModule(topLevelNode.module());
            writer.writeNode(null, topLevelNode);
        }
        final ByteSink tree = new ByteSink(texts.utf8.length + writer.out.length + 16);
        tree.writeByte(VERSION);
        tree.writeCount(0);
        tree.writeCount(texts.count());
        tree.append(texts.utf8.buffer, 0, texts.utf8.length);
        tree.append(writer.out.buffer, 0, writer.out.length);
        return tree.bytes();
    }

    static List<DataNode> read(final byte[] bytes) {
        final Reader reader = new Reader(bytes);
        final int count = reader.readCount();
        final List<DataNode> topLevelNodes = new ArrayList<>(count);
        for (int index = 0; index < count; index++) {
            final ModuleIdentity module = reader.readModule();
            topLevelNodes.add(reader.readNode(null).withModule(module));
        }
        return topLevelNodes;
    }

    static void verifyFormat(final byte[] bytes) {
        new Reader(bytes);
    }

    /**
     * The tree with the leaves merged into those of the node at the xpath (which must exist: IllegalArgumentException
     * if not), each leaf kept where it was, new ones after them.
     */
    static byte[] mergeLeaves(final byte[] bytes, final String xpath, final Map<String, Object> leaves) {
        final Reader reader = new Reader(bytes);
        final int nodesStart = reader.position;
        final int count = reader.readCount();
        boolean found = false;
        for (int index = 0; index < count && !found; index++) {
            reader.readModule();
            found = reader.findNode(null, xpath);
        }
        if (!found) {
            throw new IllegalArgumentException("no data node at " + xpath);
        }
        final int leavesStart = reader.position;
        final Map<String, Object> merged = reader.readLeaves();
        final int leavesEnd = reader.position;
        int replaced = 0;
        for (final String name : leaves.keySet()) {
            replaced += merged.containsKey(name) ? 1 : 0;
        }
        merged.putAll(leaves);
        final TextTable newTexts = new StoredTextTable(reader);
        final NodeWriter writer = new NodeWriter(newTexts);
        writer.writeLeaves(merged);
        final ByteSink tree = new ByteSink(bytes.length + newTexts.utf8.length + writer.out.length);
        tree.writeByte(VERSION);
        tree.writeCount(reader.unusedTexts + replaced);
        tree.writeCount(reader.textCount() + newTexts.count());
        tree.append(bytes, reader.textsStart, nodesStart - reader.textsStart);
        tree.append(newTexts.utf8.buffer, 0, newTexts.utf8.length);
        tree.append(bytes, nodesStart, leavesStart - nodesStart);
        tree.append(writer.out.buffer, 0, writer.out.length);
        tree.append(bytes, leavesEnd, bytes.length - leavesEnd);
        return tree.bytes();
    }

    /** Whether the texts merges left unused (at most) are half of the table or more: worth writing it whole. */
    static boolean isMostlyUnused(final byte[] bytes) {
        final Reader reader = new Reader(bytes);
        return reader.unusedTexts * 2 >= reader.textCount();
    }

    /** Texts and their numbers, the new ones written as UTF-8 after those numbered before. */
    private static class TextTable {

        private final Map<String, Integer> numbers = new HashMap<>();
        private final int firstNumber;
        final ByteSink utf8 = new ByteSink(1024);

        TextTable(final int firstNumber) {
            this.firstNumber = firstNumber;
        }

        int numberOf(final String text) {
            final Integer number = numbers.putIfAbsent(text, firstNumber + numbers.size());
            if (number != null) {
                return number;
            }
            final byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            utf8.writeCount(bytes.length);
            utf8.append(bytes, 0, bytes.length);
            return firstNumber + numbers.size() - 1;
        }

        /** The texts added here. */
        int count() {
            return numbers.size();
        }
    }

    /** A stored tree's texts, looked up in its bytes (a merge writes a few texts: no map of them all is made). */
    private static final class StoredTextTable extends TextTable {

        private final Reader stored;

        StoredTextTable(final Reader stored) {
            super(stored.textCount());
            this.stored = stored;
        }

        @Override
        int numberOf(final String text) {
            final int number = stored.numberOf(text);
            return number >= 0 ? number : super.numberOf(text);
        }
    }

    private static final class NodeWriter {

        private final TextTable texts;
        final ByteSink out = new ByteSink(4096);

        NodeWriter(final TextTable texts) {
            this.texts = texts;
        }

        void writeNode(final String parentXpath, final DataNode dataNode) {
            final String xpath = dataNode.xpath();
            if (parentXpath != null && xpath.length() > parentXpath.length() + 1 && xpath.startsWith(parentXpath)
                && xpath.charAt(parentXpath.length()) == '/') {
                out.writeByte(STEP);
                writeText(xpath.substring(parentXpath.length() + 1));
            } else {
                out.writeByte(FULL_XPATH);
                writeText(xpath);
            }
            writeLeaves(dataNode.leaves());
            out.writeCount(dataNode.childDataNodes().size());
            for (final DataNode child : dataNode.childDataNodes()) {
                writeNode(xpath, child);
            }
        }

        void writeLeaves(final Map<String, Object> leaves) {
            out.writeCount(leaves.size());
            leaves.forEach((name, value) -> {
                writeText(name);
                writeValue(value);
            });
        }

        void writeModule(final ModuleIdentity module) {
            if (module == null) {
                out.writeByte(NULL);
                return;
            }
            out.writeByte(TEXT);
            writeText(module.name());
            writeText(module.prefix());
            writeText(module.namespace());
        }

        void writeValue(final Object value) {
            switch (value) {
                case null -> out.writeByte(NULL);
                case String text -> {
                    out.writeByte(TEXT);
                    writeText(text);
                }
                case Long number -> writeInteger(number);
                case Integer number -> writeInteger(number);
                case Short number -> writeInteger(number);
                case Byte number -> writeInteger(number);
                case BigDecimal decimal -> {
                    out.writeByte(DECIMAL);
                    writeText(decimal.toString());
                }
                case BigInteger integer -> {
                    out.writeByte(BIG_INTEGER);
                    writeText(integer.toString());
                }
                case Boolean bool -> out.writeByte(bool ? TRUE : FALSE);
                case List<?> list -> {
                    out.writeByte(LIST);
                    out.writeCount(list.size());
                    list.forEach(this::writeValue);
                }
                case Map<?, ?> map -> {
                    out.writeByte(MAP);
                    out.writeCount(map.size());
                    map.forEach((name, member) -> {
                        writeText(String.valueOf(name));
                        writeValue(member);
                    });
                }
                default -> throw new IllegalArgumentException("a leaf value of type " + value.getClass().getName()
                    + " has no place in a data tree");
            }
        }

        private void writeInteger(final long number) {
            out.writeByte(INTEGER);
            // zig-zag, so that small negative numbers are short too
            out.writeVarLong((number << 1) ^ (number >> 63));
        }

        private void writeText(final String text) {
            out.writeCount(texts.numberOf(text));
        }
    }

    /** A growing array of bytes. */
    private static final class ByteSink {

        private byte[] buffer;
        private int length;

        ByteSink(final int capacity) {
            buffer = new byte[capacity];
        }

        void writeByte(final byte value) {
            ensure(1);
            buffer[length++] = value;
        }

        void writeCount(final int count) {
            writeVarLong(count);
        }

        void writeVarLong(final long value) {
            ensure(10);
            long rest = value;
            while ((rest & ~0x7FL) != 0) {
                buffer[length++] = (byte) ((rest & 0x7F) | 0x80);
                rest >>>= 7;
            }
            buffer[length++] = (byte) rest;
        }

        void append(final byte[] bytes, final int offset, final int count) {
            ensure(count);
            System.arraycopy(bytes, offset, buffer, length, count);
            length += count;
        }

        private void ensure(final int more) {
            if (length + more > buffer.length) {
                buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, length + more));
            }
        }

        byte[] bytes() {
            return length == buffer.length ? buffer : Arrays.copyOf(buffer, length);
        }
    }

    /** Reads a tree's bytes: the table of texts at once (their strings as they are needed), then the nodes. */
    private static final class Reader {

        private final byte[] bytes;
        private final int[] textStarts;
        private final int[] textLengths;
        private final String[] texts;
        final int unusedTexts;
        final int textsStart;
        int position;

        Reader(final byte[] bytes) {
            this.bytes = bytes;
            final byte version = bytes.length == 0 ? 0 : readByte();
            if (version != VERSION) {
                throw new IllegalArgumentException("a data tree of format " + version + ", not " + VERSION);
            }
            unusedTexts = readCount();
            final int textCount = readCount();
            textsStart = position;
            textStarts = new int[textCount];
            textLengths = new int[textCount];
            texts = new String[textCount];
            for (int number = 0; number < textCount; number++) {
                final int length = readCount();
                if (length > bytes.length - position) {
                    throw new IllegalArgumentException("a data tree with a text of " + length + " bytes in "
                        + bytes.length);
                }
                textStarts[number] = position;
                textLengths[number] = length;
                position += length;
            }
        }

        int textCount() {
            return texts.length;
        }

        /** The text's number in the table; -1 if it has none. */
        int numberOf(final String text) {
            final byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
            for (int number = 0; number < texts.length; number++) {
                if (textLengths[number] == utf8.length && Arrays.equals(bytes, textStarts[number],
                    textStarts[number] + utf8.length, utf8, 0, utf8.length)) {
                    return number;
                }
            }
            return -1;
        }

        DataNode readNode(final String parentXpath) {
            final String xpath = readXpath(parentXpath);
            final Map<String, Object> leaves = readLeaves();
            final int childCount = readCount();
            final List<DataNode> children = new ArrayList<>(childCount);
            for (int index = 0; index < childCount; index++) {
                children.add(readNode(xpath));
            }
            return new DataNode(xpath, null, leaves, children);
        }

        /**
         * Reads up to the leaves of the node at the xpath, in this node or below it: true, and the position is at
         * them; false, and the position is after this node.
         */
        boolean findNode(final String parentXpath, final String xpath) {
            final String nodeXpath = readXpath(parentXpath);
            if (nodeXpath.equals(xpath)) {
                return true;
            }
            final boolean isAbove = xpath.length() > nodeXpath.length() + 1 && xpath.startsWith(nodeXpath)
                && xpath.charAt(nodeXpath.length()) == '/';
            skipLeaves();
            final int childCount = readCount();
            for (int index = 0; index < childCount; index++) {
                if (isAbove ? findNode(nodeXpath, xpath) : skipNode()) {
                    return true;
                }
            }
            return false;
        }

        /** Always false: skipped, not found. */
        private boolean skipNode() {
            readByte();
            readCount();
            skipLeaves();
            final int childCount = readCount();
            for (int index = 0; index < childCount; index++) {
                skipNode();
            }
            return false;
        }

        private String readXpath(final String parentXpath) {
            final byte kind = readByte();
            return kind == STEP ? parentXpath + '/' + readText() : readText();
        }

        Map<String, Object> readLeaves() {
            final int leafCount = readCount();
            final Map<String, Object> leaves = new LinkedHashMap<>(leafCount * 4 / 3 + 1);
            for (int index = 0; index < leafCount; index++) {
                leaves.put(readText(), readValue());
            }
            return leaves;
        }

        private void skipLeaves() {
            final int leafCount = readCount();
            for (int index = 0; index < leafCount; index++) {
                readCount();
                skipValue();
            }
        }

        ModuleIdentity readModule() {
            if (readByte() == NULL) {
                return null;
            }
            return new ModuleIdentity(readText(), readText(), readText());
        }

        private Object readValue() {
            final byte tag = readByte();
            return switch (tag) {
                case NULL -> null;
                case TEXT -> readText();
                case INTEGER -> {
                    final long zigZag = readVarLong();
                    yield (zigZag >>> 1) ^ -(zigZag & 1);
                }
                case DECIMAL -> new BigDecimal(readText());
                case BIG_INTEGER -> new BigInteger(readText());
                case TRUE -> Boolean.TRUE;
                case FALSE -> Boolean.FALSE;
                case LIST -> {
                    final int count = readCount();
                    final List<Object> list = new ArrayList<>(count);
                    for (int index = 0; index < count; index++) {
                        list.add(readValue());
                    }
                    yield list;
                }
                case MAP -> {
                    final int count = readCount();
                    final Map<String, Object> map = new LinkedHashMap<>();
                    for (int index = 0; index < count; index++) {
                        map.put(readText(), readValue());
                    }
                    yield map;
                }
                default -> throw new IllegalArgumentException("a data tree with an unknown value tag " + tag);
            };
        }

        private void skipValue() {
            final byte tag = readByte();
            switch (tag) {
                case NULL, TRUE, FALSE -> {
                }
                case TEXT, INTEGER, DECIMAL, BIG_INTEGER -> readVarLong();
                case LIST -> {
                    final int count = readCount();
                    for (int index = 0; index < count; index++) {
                        skipValue();
                    }
                }
                case MAP -> {
                    final int count = readCount();
                    for (int index = 0; index < count; index++) {
                        readCount();
                        skipValue();
                    }
                }
                default -> throw new IllegalArgumentException("a data tree with an unknown value tag " + tag);
            }
        }

        private String readText() {
            final int number = readCount();
            if (number >= texts.length) {
                throw new IllegalArgumentException("a data tree naming text " + number + " of " + texts.length);
            }
            String text = texts[number];
            if (text == null) {
                text = new String(bytes, textStarts[number], textLengths[number],
                    StandardCharsets.UTF_8);
                texts[number] = text;
            }
            return text;
        }

        int readCount() {
            final long count = readVarLong();
            if (count < 0 || count > bytes.length) {
                throw new IllegalArgumentException("a data tree with a count of " + count + " in "
                    + bytes.length + " bytes");
            }
            return (int) count;
        }

        private long readVarLong() {
            long value = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                final byte next = bytes[position++];
                value |= (long) (next & 0x7F) << shift;
                if ((next & 0x80) == 0) {
                    return value;
                }
            }
            throw new IllegalArgumentException("a data tree with a number longer than 10 bytes");
        }

        byte readByte() {
            return bytes[position++];
        }
    }
}
