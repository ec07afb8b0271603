package io.cpsng.cps.ri;

/** One fragment as read from the table; attributes are the jsonb leaves as JSON text. */
record FragmentRow(long id, int anchorId, long parentId, String xpath, String attributes) {
}
