package io.cpsng.measure;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** The trace as CSV (RFC 4180): the service's format, and the file the tool exports. */
public final class TraceCsv {

    public static final String HEADER = "cm_handle_id,phase,start_epoch_us,end_epoch_us";

    private TraceCsv() {
    }

    public static void write(final Path file, final Collection<TraceRow> rows) {
        try (BufferedWriter writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            writer.write(HEADER);
            writer.newLine();
            for (final TraceRow row : rows) {
                writer.write(quoted(row.cmHandleId()) + "," + quoted(row.phase()) + "," + row.startMicros() + ","
                    + row.endMicros());
                writer.newLine();
            }
        } catch (final IOException unwritable) {
            throw new UncheckedIOException("Could not write " + file, unwritable);
        }
    }

    /** One data line: the id and phase may be quoted, with doubled quotes inside. */
    static TraceRow parseLine(final String line) {
        final List<String> fields = fields(line);
        if (fields.size() != 4) {
            throw new MeasureException("A trace line does not have 4 fields: " + line);
        }
        try {
            return new TraceRow(fields.get(0), fields.get(1), Long.parseLong(fields.get(2)),
                Long.parseLong(fields.get(3)));
        } catch (final NumberFormatException notATimestamp) {
            throw new MeasureException("A trace line has a timestamp that is not a number: " + line);
        }
    }

    private static List<String> fields(final String line) {
        final List<String> fields = new ArrayList<>();
        final StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int index = 0; index < line.length(); index++) {
            final char character = line.charAt(index);
            if (quoted) {
                if (character == '"' && index + 1 < line.length() && line.charAt(index + 1) == '"') {
                    field.append('"');
                    index++;
                } else if (character == '"') {
                    quoted = false;
                } else {
                    field.append(character);
                }
            } else if (character == '"') {
                quoted = true;
            } else if (character == ',') {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(character);
            }
        }
        fields.add(field.toString());
        return fields;
    }

    private static String quoted(final String text) {
        return text.contains(",") || text.contains("\"") || text.contains("\n")
            ? "\"" + text.replace("\"", "\"\"") + "\"" : text;
    }
}
