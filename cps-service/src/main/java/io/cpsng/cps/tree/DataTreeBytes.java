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
 * A data tree as bytes: nodes in document order, each a child's xpath as its last step (the parent's xpath is not
 * repeated), leaves typed as the parser made them (String, Long, BigDecimal, BigInteger, Boolean, lists of them), the
 * top nodes with their module. Each text is written once: a repeat (leaf names above all, and steps such as a list
 * entry's under each of its parents) is the number of its first occurrence, and is read back as the same String.
 * Read back without a JSON parser.
 */
final class DataTreeBytes {

    private static final byte VERSION = 1;

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
        final Writer writer = new Writer();
        writer.writeByte(VERSION);
        writer.writeCount(topLevelNodes.size());
        for (final DataNode topLevelNode : topLevelNodes) {
            writer.writeModule(topLevelNode.module());
            writer.writeNode(null, topLevelNode);
        }
        return writer.bytes();
    }

    static List<DataNode> read(final byte[] bytes) {
        final Reader reader = new Reader(bytes);
        final byte version = reader.readByte();
        if (version != VERSION) {
            throw new IllegalArgumentException("a data tree of format " + version + ", not " + VERSION);
        }
        final int count = reader.readCount();
        final List<DataNode> topLevelNodes = new ArrayList<>(count);
        for (int index = 0; index < count; index++) {
            final ModuleIdentity module = reader.readModule();
            topLevelNodes.add(reader.readNode(null).withModule(module));
        }
        return topLevelNodes;
    }

    private static final class Writer {

        private final Map<String, Integer> textNumbers = new HashMap<>();
        private byte[] buffer = new byte[4096];
        private int length;

        void writeNode(final String parentXpath, final DataNode dataNode) {
            final String xpath = dataNode.xpath();
            if (parentXpath != null && xpath.length() > parentXpath.length() + 1 && xpath.startsWith(parentXpath)
                && xpath.charAt(parentXpath.length()) == '/') {
                writeByte(STEP);
                writeText(xpath.substring(parentXpath.length() + 1));
            } else {
                writeByte(FULL_XPATH);
                writeText(xpath);
            }
            writeCount(dataNode.leaves().size());
            dataNode.leaves().forEach((name, value) -> {
                writeText(name);
                writeValue(value);
            });
            writeCount(dataNode.childDataNodes().size());
            for (final DataNode child : dataNode.childDataNodes()) {
                writeNode(xpath, child);
            }
        }

        void writeModule(final ModuleIdentity module) {
            if (module == null) {
                writeByte(NULL);
                return;
            }
            writeByte(TEXT);
            writeText(module.name());
            writeText(module.prefix());
            writeText(module.namespace());
        }

        void writeValue(final Object value) {
            switch (value) {
                case null -> writeByte(NULL);
                case String text -> {
                    writeByte(TEXT);
                    writeText(text);
                }
                case Long number -> writeInteger(number);
                case Integer number -> writeInteger(number);
                case Short number -> writeInteger(number);
                case Byte number -> writeInteger(number);
                case BigDecimal decimal -> {
                    writeByte(DECIMAL);
                    writeText(decimal.toString());
                }
                case BigInteger integer -> {
                    writeByte(BIG_INTEGER);
                    writeText(integer.toString());
                }
                case Boolean bool -> writeByte(bool ? TRUE : FALSE);
                case List<?> list -> {
                    writeByte(LIST);
                    writeCount(list.size());
                    list.forEach(this::writeValue);
                }
                case Map<?, ?> map -> {
                    writeByte(MAP);
                    writeCount(map.size());
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
            writeByte(INTEGER);
            // zig-zag, so that small negative numbers are short too
            writeVarLong((number << 1) ^ (number >> 63));
        }

        /** A text seen before as its number (odd), a new one as its length (even) and its UTF-8 bytes. */
        void writeText(final String text) {
            final Integer number = textNumbers.putIfAbsent(text, textNumbers.size());
            if (number != null) {
                writeVarLong(((long) number << 1) | 1);
                return;
            }
            final byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
            writeVarLong((long) utf8.length << 1);
            ensure(utf8.length);
            System.arraycopy(utf8, 0, buffer, length, utf8.length);
            length += utf8.length;
        }

        void writeCount(final int count) {
            writeVarLong(count);
        }

        private void writeVarLong(final long value) {
            ensure(10);
            long rest = value;
            while ((rest & ~0x7FL) != 0) {
                buffer[length++] = (byte) ((rest & 0x7F) | 0x80);
                rest >>>= 7;
            }
            buffer[length++] = (byte) rest;
        }

        void writeByte(final byte value) {
            ensure(1);
            buffer[length++] = value;
        }

        private void ensure(final int more) {
            if (length + more > buffer.length) {
                buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, length + more));
            }
        }

        byte[] bytes() {
            return Arrays.copyOf(buffer, length);
        }
    }

    private static final class Reader {

        private final byte[] bytes;
        private final List<String> texts = new ArrayList<>();
        private int position;

        Reader(final byte[] bytes) {
            this.bytes = bytes;
        }

        DataNode readNode(final String parentXpath) {
            final byte kind = readByte();
            final String xpath = kind == STEP ? parentXpath + '/' + readText() : readText();
            final int leafCount = readCount();
            final Map<String, Object> leaves = new LinkedHashMap<>(leafCount * 4 / 3 + 1);
            for (int index = 0; index < leafCount; index++) {
                leaves.put(readText(), readValue());
            }
            final int childCount = readCount();
            final List<DataNode> children = new ArrayList<>(childCount);
            for (int index = 0; index < childCount; index++) {
                children.add(readNode(xpath));
            }
            return new DataNode(xpath, null, leaves, children);
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

        private String readText() {
            final long lengthOrNumber = readVarLong();
            if ((lengthOrNumber & 1) == 1) {
                final long number = lengthOrNumber >>> 1;
                if (number >= texts.size()) {
                    throw new IllegalArgumentException("a data tree naming text " + number + " of " + texts.size());
                }
                return texts.get((int) number);
            }
            final long byteCount = lengthOrNumber >>> 1;
            if (byteCount > bytes.length - position) {
                throw new IllegalArgumentException("a data tree with a text of " + byteCount + " bytes in "
                    + bytes.length);
            }
            final String text = new String(bytes, position, (int) byteCount, StandardCharsets.UTF_8);
            position += (int) byteCount;
            texts.add(text);
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
