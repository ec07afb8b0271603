package io.cpsng.management;

import io.cpsng.ncmp.api.model.ModuleSyncTraceRow;
import java.util.List;

/** The module-sync trace as CSV: a header line, then a line (ending in LF) per row; fields quoted per RFC 4180. */
final class TraceCsv {

    static final String MEDIA_TYPE = "text/csv;charset=UTF-8";
    static final String HEADER = "cm_handle_id,phase,start_epoch_us,end_epoch_us\n";

    // about what a row takes with an id of 20 characters: saves the builder copying itself as it grows
    private static final int EXPECTED_ROW_LENGTH = 80;

    private TraceCsv() {
    }

    static String format(final List<ModuleSyncTraceRow> rows) {
        final StringBuilder csv = new StringBuilder(HEADER.length() + rows.size() * EXPECTED_ROW_LENGTH)
            .append(HEADER);
        for (final ModuleSyncTraceRow row : rows) {
            csv.append(field(row.cmHandleId())).append(',').append(field(row.phase())).append(',')
                .append(row.startEpochMicros()).append(',').append(row.endEpochMicros()).append('\n');
        }
        return csv.toString();
    }

    /** The value as it is, or in double quotes with its quotes doubled when it holds a comma, quote or line break. */
    static String field(final String value) {
        if (value.chars().noneMatch(character -> character == ',' || character == '"' || character == '\n'
            || character == '\r')) {
            return value;
        }
        return '"' + value.replace("\"", "\"\"") + '"';
    }
}
