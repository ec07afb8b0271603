package io.cpsng.ncmp.lcm;

/**
 * How a change to handles writes its lifecycle events (ADR 0007): the statement that changes the rows returns,
 * as a common table expression, one row per handle that changed in a way clients see (id, alternate_id,
 * module_set_tag, data_producer_identifier, event_type, old_values, new_values), and this insert, appended to
 * the same statement, writes them into the outbox. Changes and their events commit together or not at all, and a
 * batch of handles stays one statement.
 */
public final class LcmOutbox {

    public static final String CREATE = "create";
    public static final String UPDATE = "update";
    public static final String DELETE = "delete";

    private LcmOutbox() {
    }

    /** An INSERT of the events the named expression returns, for the end of a WITH statement. */
    public static String insertEventsFrom(final String changes) {
        return "INSERT INTO ncmp_lcm_outbox (cm_handle_id, alternate_id, module_set_tag, data_producer_identifier,"
            + " event_type, old_values, new_values) SELECT id, alternate_id, module_set_tag, data_producer_identifier,"
            + " event_type, old_values, new_values FROM " + changes;
    }
}
