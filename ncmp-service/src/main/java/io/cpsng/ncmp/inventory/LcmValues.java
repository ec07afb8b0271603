package io.cpsng.ncmp.inventory;

import io.cpsng.ncmp.lcm.LcmOutbox;

/**
 * The one place that writes what a lifecycle event says, as SQL over the rows a statement changes (ADR 0007): the
 * event row each changing statement returns for {@link LcmOutbox}, and the old and new values in it, as the
 * reference's events carry them (a value left out where it did not change).
 */
final class LcmValues {

    private LcmValues() {
    }

    /** The event columns {@link LcmOutbox#insertEventsFrom} reads, of the row with this alias ("" for none). */
    static String eventRow(final String alias, final String eventType, final String oldValues, final String newValues) {
        final String row = alias.isEmpty() ? "" : alias + ".";
        return "%1$sid, %1$salternate_id, %1$smodule_set_tag, %1$sdata_producer_identifier, '%2$s' AS event_type,"
            .formatted(row, eventType) + " " + oldValues + " AS old_values, " + newValues + " AS new_values";
    }

    /** What a created handle shows: ADVISED, its public properties, alternate id, tag, producer and trust. */
    static String advised(final String row) {
        return ("jsonb_strip_nulls(jsonb_build_object('cmHandleState', 'ADVISED',"
            + " 'cmHandleProperties', jsonb_build_array(%1$s.public_properties), 'alternateId', %1$s.alternate_id,"
            + " 'moduleSetTag', nullif(%1$s.module_set_tag, ''), 'dataProducerIdentifier',"
            + " %1$s.data_producer_identifier, 'trustLevel', %2$s))").formatted(row, CmHandleColumns.TRUST_LEVEL);
    }

    /** The state alone, as a column or expression has it. */
    static String state(final String state) {
        return "jsonb_build_object('cmHandleState', " + state + ")";
    }

    /** This state alone: a constant, built once per statement rather than once per row. */
    static String stateIs(final String state) {
        return "'{\"cmHandleState\": \"" + state + "\"}'::jsonb";
    }

    /** The state with the reason it is locked for, where there is one. */
    static String stateWithReason(final String state, final String lockReason) {
        return "jsonb_strip_nulls(jsonb_build_object('cmHandleState', " + state + ", 'lockReason', CASE WHEN "
            + lockReason + " IS NOT NULL THEN jsonb_build_object('reason', " + lockReason + ") END))";
    }

    /** LOCKED, with the reason and its details. */
    static String locked(final String lockReason, final String details) {
        return "jsonb_build_object('cmHandleState', 'LOCKED', 'lockReason', jsonb_build_object('reason', "
            + lockReason + ", 'details', " + details + "))";
    }

    /**
     * READY; the handle's first READY also tells its data sync flag, which the reference leaves unset (and
     * untold) until then.
     */
    static String ready(final String firstReady, final String dataSyncEnabled) {
        return "CASE WHEN " + firstReady + " THEN jsonb_build_object('dataSyncEnabled', " + dataSyncEnabled
            + ", 'cmHandleState', 'READY') ELSE " + stateIs("READY") + " END";
    }

    static String dataSyncEnabled(final String dataSyncEnabled) {
        return "jsonb_build_object('dataSyncEnabled', " + dataSyncEnabled + ")";
    }

    static String trustLevel(final String trustLevel) {
        return "jsonb_build_object('trustLevel', " + trustLevel + ")";
    }

    /**
     * What a registration update changed, as the row with the one alias has it against the other: the public
     * properties that differ, the trust level if it differs.
     */
    static String registrationChange(final String row, final String otherRow) {
        return ("jsonb_strip_nulls(jsonb_build_object("
            + " 'cmHandleProperties', CASE WHEN %1$s.public_properties <> %2$s.public_properties THEN"
            + " jsonb_build_array(ncmp_properties_changed(%1$s.public_properties, %2$s.public_properties)) END,"
            + " 'trustLevel', CASE WHEN %1$s.trust_level <> %2$s.trust_level THEN %1$s.trust_level END))")
            .formatted(row, otherRow);
    }
}
