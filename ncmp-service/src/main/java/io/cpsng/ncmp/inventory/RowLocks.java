package io.cpsng.ncmp.inventory;

/**
 * Statements that write many handle rows lock them first, in id order, whatever order their ids come in and however
 * PostgreSQL reads the rows: two of them sharing rows then wait for each other in a line, never in a circle (a
 * deadlock; removing 200,000 handles while module sync wrote results ran into them). Claims need not: they skip
 * locked rows instead of waiting.
 */
final class RowLocks {

    private RowLocks() {
    }

    /**
     * A query for a CTE: locks, in id order, the handles whose ids are the text-array parameter and that meet the
     * condition on the row h (checked again on the row as it is once locked), and answers their ids.
     */
    static String inIdOrder(final String condition) {
        // driven by the ids, one index probe each: as "id = ANY(?)" a generic plan may read the whole table
        return "SELECT h.id FROM unnest(?::text[]) AS given(id) JOIN ncmp_cm_handle h ON h.id = given.id"
            + " WHERE " + condition + " ORDER BY h.id FOR UPDATE OF h";
    }
}
