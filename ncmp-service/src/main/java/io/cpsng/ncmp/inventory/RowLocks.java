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
     * condition (checked again on the row as it is once locked), and answers their ids.
     */
    static String inIdOrder(final String condition) {
        return "SELECT id FROM ncmp_cm_handle WHERE id = ANY(?::text[]) AND (" + condition + ") ORDER BY id FOR UPDATE";
    }
}
