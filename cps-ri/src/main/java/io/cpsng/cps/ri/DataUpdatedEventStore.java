package io.cpsng.cps.ri;

import io.cpsng.cps.api.model.DataUpdatedEvent;
import io.cpsng.cps.spi.AnchorOfWrite;
import io.cpsng.cps.spi.DataUpdate;
import io.cpsng.cps.spi.DataUpdatedEventPersistence;
import io.cpsng.cps.spi.SchemaSetIdentity;
import io.cpsng.cps.spi.SubscriptionXpaths;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/** The data-updated events' outbox, log, sequencer and relay position (changelog cps/0003). */
@Repository
@Transactional
class DataUpdatedEventStore implements DataUpdatedEventPersistence {

    // the first key of the advisory locks taking an anchor's events in turn; the second is the anchor's bucket: a
    // write of thousands of anchors (NCMP's caches) takes at most this many locks of PostgreSQL's shared lock table
    private static final int ANCHOR_EVENTS_LOCK_CLASS = 0x43505344;
    private static final int ANCHOR_LOCK_BUCKETS = 256;

    // the subscriptions of these anchors that are there: the one statement a write of anchors nobody subscribed to
    // makes, one index probe per xpath
    private static final String SELECT_PRESENT_SUBSCRIPTIONS = "SELECT f.xpath FROM fragment f WHERE f.anchor_id = "
        + AnchorLookup.ANCHOR_ID + " AND f.xpath = ANY(?::text[])";

    // over a CTE updates(anchor_name, xpath, action, observed_timestamp, ordinal): the updates' anchors, their
    // buckets locked in order (the lock is in the select list, evaluated after the sort), then their events inserted
    // in write order
    private static final String LOCK_AND_INSERT_UPDATES = """
        subscribed AS MATERIALIZED (
            SELECT a.id, a.name, a.schema_set_id FROM anchor a
            WHERE a.dataspace_id = (SELECT d.id FROM dataspace d WHERE d.name = ?)
            AND a.name IN (SELECT anchor_name FROM updates)),
        locked AS MATERIALIZED (
            SELECT bucket, pg_advisory_xact_lock(?, bucket)::text AS lock
            FROM (SELECT DISTINCT id % ? AS bucket FROM subscribed) buckets ORDER BY bucket)
        INSERT INTO cps_data_updated_outbox (dataspace_name, anchor_name, schema_set_name, xpath, action,
            observed_timestamp)
        SELECT ?, s.name, ss.name, u.xpath, u.action, u.observed_timestamp
        FROM subscribed s
        JOIN locked l ON l.bucket = s.id % ?
        JOIN schema_set ss ON ss.id = s.schema_set_id
        JOIN updates u ON u.anchor_name = s.name
        ORDER BY u.ordinal""";

    // a write's anchor: its schema set (id, name) and the subscriptions of it that are there, in one look-up
    private static final String SELECT_SCHEMA_SET_AND_PRESENT_SUBSCRIPTIONS = "SELECT ss.id, ss.name, ARRAY("
        + SELECT_PRESENT_SUBSCRIPTIONS + """
        ) FROM anchor a
        JOIN dataspace d ON d.id = a.dataspace_id
        JOIN schema_set ss ON ss.id = a.schema_set_id
        WHERE d.name = ? AND a.name = ?""";

    // the events of updates of subscribed anchors, after SELECT_PRESENT_SUBSCRIPTIONS
    private static final String LOCK_AND_INSERT = """
        WITH updates AS MATERIALIZED (
            SELECT u.* FROM unnest(?::text[], ?::text[], ?::text[], ?::text[])
                WITH ORDINALITY AS u(anchor_name, xpath, action, observed_timestamp, ordinal)),
        """ + LOCK_AND_INSERT_UPDATES;

    // the look-up and LOCK_AND_INSERT in one statement, for anchors subscribed at their last write: the statement
    // plans and runs slower than the look-up alone, so anchors nobody subscribed to keep the look-up
    private static final String LOOK_UP_LOCK_AND_INSERT = "WITH present AS MATERIALIZED ("
        + SELECT_PRESENT_SUBSCRIPTIONS + """
        ),
        updates AS MATERIALIZED (
            SELECT u.* FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[])
                WITH ORDINALITY AS u(anchor_name, xpath, action, observed_timestamp, subscription_xpath, ordinal)
            WHERE u.subscription_xpath IN (SELECT xpath FROM present)
            OR (EXISTS (SELECT 1 FROM present WHERE xpath = ?) AND NOT EXISTS (SELECT 1 FROM present WHERE xpath = ?))),
        """ + LOCK_AND_INSERT_UPDATES;

    // how many anchors found subscribed are remembered (dataspace and name): beyond it the memory starts again
    private static final int REMEMBERED_ANCHORS = 10_000;

    // The first committed events are those up to the batch's last sequence, one snapshot seeing both scans. A
    // plain comparison, not "ctid = ANY(ARRAY(...))": planned while the statistics said the outbox was empty, that
    // was a scan testing every row against the whole array, whose time grew with the square of a backlog.
    private static final String MOVE = """
        WITH moved AS (
            DELETE FROM cps_data_updated_outbox
            WHERE sequence <= (SELECT max(sequence) FROM (
                SELECT sequence FROM cps_data_updated_outbox ORDER BY sequence LIMIT ?) batch)
            RETURNING *)
        INSERT INTO cps_data_updated_event (position, sequence, dataspace_name, anchor_name, schema_set_name, xpath,
            action, observed_timestamp, created_at)
        SELECT ? + row_number() OVER (ORDER BY sequence), sequence, dataspace_name, anchor_name, schema_set_name,
            xpath, action, observed_timestamp, created_at
        FROM moved""";

    private static final String PURGE = """
        DELETE FROM cps_data_updated_event e WHERE e.position IN (
            SELECT position FROM cps_data_updated_event ORDER BY position LIMIT ?)
        AND e.created_at < ?""";

    private final JdbcTemplate jdbcTemplate;
    private final AnchorLookup anchorLookup;
    // which statement to run, never whether: the statement for remembered anchors looks the subscriptions up too
    private final Set<List<String>> subscribedAtLastWrite = ConcurrentHashMap.newKeySet();

    DataUpdatedEventStore(final JdbcTemplate jdbcTemplate, final AnchorLookup anchorLookup) {
        this.jdbcTemplate = jdbcTemplate;
        this.anchorLookup = anchorLookup;
    }

    @Override
    public void appendToOutbox(final String dataspaceName, final List<DataUpdate> dataUpdates,
                               final SubscriptionXpaths subscriptions) {
        if (dataUpdates.isEmpty()) {
            return;
        }
        final List<List<String>> anchorKeys = dataUpdates.stream()
            .map(update -> List.of(dataspaceName, update.anchorName())).distinct().toList();
        if (subscribedAtLastWrite.containsAll(anchorKeys)) {
            if (lookUpLockAndInsert(dataspaceName, dataUpdates, subscriptions) < dataUpdates.size()) {
                anchorKeys.forEach(subscribedAtLastWrite::remove);
            }
            return;
        }
        final Set<String> subscribedAnchors = subscribedAnchors(subscriptions);
        final List<DataUpdate> subscribedUpdates = dataUpdates.stream()
            .filter(update -> subscribedAnchors.contains(update.anchorName())).toList();
        if (subscribedUpdates.isEmpty()) {
            return;
        }
        jdbcTemplate.update(LOCK_AND_INSERT,
            subscribedUpdates.stream().map(DataUpdate::anchorName).toArray(String[]::new),
            subscribedUpdates.stream().map(DataUpdate::xpath).toArray(String[]::new),
            subscribedUpdates.stream().map(DataUpdate::action).toArray(String[]::new),
            subscribedUpdates.stream().map(DataUpdate::observedTimestamp).toArray(String[]::new),
            dataspaceName, ANCHOR_EVENTS_LOCK_CLASS, ANCHOR_LOCK_BUCKETS, dataspaceName, ANCHOR_LOCK_BUCKETS);
        if (subscribedAtLastWrite.size() >= REMEMBERED_ANCHORS) {
            subscribedAtLastWrite.clear();
        }
        subscribedUpdates.forEach(update -> subscribedAtLastWrite.add(List.of(dataspaceName, update.anchorName())));
    }

    @Override
    public AnchorOfWrite anchorOfWrite(final String dataspaceName, final String anchorName,
                                       final SubscriptionXpaths subscriptions) {
        final List<AnchorOfWrite> anchors = jdbcTemplate.query(SELECT_SCHEMA_SET_AND_PRESENT_SUBSCRIPTIONS,
            (resultSet, rowNumber) -> new AnchorOfWrite(
                new SchemaSetIdentity(dataspaceName, resultSet.getString(2), resultSet.getLong(1)),
                subscribedAnchors(Set.of((String[]) resultSet.getArray(3).getArray()), subscriptions)
                    .contains(anchorName)),
            subscriptions.subscriptionsDataspace(), subscriptions.subscriptionsAnchor(),
            candidateXpaths(subscriptions), dataspaceName, anchorName);
        if (anchors.isEmpty()) {
            throw anchorLookup.anchorNotFound(dataspaceName, anchorName);
        }
        if (anchors.getFirst().subscribed()) {
            jdbcTemplate.query("SELECT pg_advisory_xact_lock(?, a.id % ?)::text FROM anchor a"
                    + " WHERE a.dataspace_id = (SELECT d.id FROM dataspace d WHERE d.name = ?) AND a.name = ?",
                resultSet -> { }, ANCHOR_EVENTS_LOCK_CLASS, ANCHOR_LOCK_BUCKETS, dataspaceName, anchorName);
        }
        return anchors.getFirst();
    }

    /** Those of the anchors named in the subscription xpaths that are subscribed, with one look-up. */
    private Set<String> subscribedAnchors(final SubscriptionXpaths subscriptions) {
        return subscribedAnchors(new HashSet<>(jdbcTemplate.queryForList(SELECT_PRESENT_SUBSCRIPTIONS,
            String.class, subscriptions.subscriptionsDataspace(), subscriptions.subscriptionsAnchor(),
            candidateXpaths(subscriptions))), subscriptions);
    }

    /** Those of the anchors named in the subscription xpaths that the present subscription xpaths subscribe. */
    private static Set<String> subscribedAnchors(final Set<String> present, final SubscriptionXpaths subscriptions) {
        if (present.isEmpty()) {
            return Set.of();
        }
        final boolean wholeDataspace = present.contains(subscriptions.dataspaceXpath())
            && !present.contains(subscriptions.anchorsXpath());
        final Set<String> subscribedAnchors = new HashSet<>();
        subscriptions.xpathByAnchorName().forEach((anchorName, anchorXpath) -> {
            if (wholeDataspace || present.contains(anchorXpath)) {
                subscribedAnchors.add(anchorName);
            }
        });
        return subscribedAnchors;
    }

    /** The events of the subscribed anchors among the updates, in one statement; answers how many were written. */
    private int lookUpLockAndInsert(final String dataspaceName, final List<DataUpdate> dataUpdates,
                                   final SubscriptionXpaths subscriptions) {
        return jdbcTemplate.update(LOOK_UP_LOCK_AND_INSERT,
            subscriptions.subscriptionsDataspace(), subscriptions.subscriptionsAnchor(),
            candidateXpaths(subscriptions),
            dataUpdates.stream().map(DataUpdate::anchorName).toArray(String[]::new),
            dataUpdates.stream().map(DataUpdate::xpath).toArray(String[]::new),
            dataUpdates.stream().map(DataUpdate::action).toArray(String[]::new),
            dataUpdates.stream().map(DataUpdate::observedTimestamp).toArray(String[]::new),
            dataUpdates.stream().map(update -> subscriptions.xpathByAnchorName().get(update.anchorName()))
                .toArray(String[]::new),
            subscriptions.dataspaceXpath(), subscriptions.anchorsXpath(),
            dataspaceName, ANCHOR_EVENTS_LOCK_CLASS, ANCHOR_LOCK_BUCKETS, dataspaceName, ANCHOR_LOCK_BUCKETS);
    }

    /** The xpaths whose nodes subscribe the anchors: each anchor's entry, the dataspace's and its anchors'. */
    private static String[] candidateXpaths(final SubscriptionXpaths subscriptions) {
        final List<String> candidateXpaths = new ArrayList<>(subscriptions.xpathByAnchorName().values());
        candidateXpaths.add(subscriptions.dataspaceXpath());
        candidateXpaths.add(subscriptions.anchorsXpath());
        return candidateXpaths.toArray(String[]::new);
    }

    @Override
    public int sequenceCommitted(final int batchSize) {
        final Long lastPosition = jdbcTemplate.query(
            "SELECT last_position FROM cps_data_updated_sequencer FOR UPDATE SKIP LOCKED",
            resultSet -> resultSet.next() ? resultSet.getLong(1) : null);
        if (lastPosition == null) {
            return 0;
        }
        final int moved = jdbcTemplate.update(MOVE, batchSize, lastPosition);
        if (moved > 0) {
            jdbcTemplate.update("UPDATE cps_data_updated_sequencer SET last_position = ?", lastPosition + moved);
        }
        return moved;
    }

    @Override
    @Transactional(readOnly = true)
    public List<DataUpdatedEvent> readAfter(final long afterPosition, final int limit) {
        return jdbcTemplate.query("SELECT * FROM cps_data_updated_event WHERE position > ? ORDER BY position LIMIT ?",
            DataUpdatedEventStore::toEvent, afterPosition, limit);
    }

    @Override
    public OptionalLong holdRelayPosition() {
        final Long sentPosition = jdbcTemplate.query(
            "SELECT sent_position FROM cps_data_updated_relay FOR UPDATE SKIP LOCKED",
            resultSet -> resultSet.next() ? resultSet.getLong(1) : null);
        return sentPosition == null ? OptionalLong.empty() : OptionalLong.of(sentPosition);
    }

    @Override
    public void recordRelayed(final long position) {
        jdbcTemplate.update("UPDATE cps_data_updated_relay SET sent_position = GREATEST(sent_position, ?)", position);
    }

    @Override
    @Transactional(readOnly = true)
    public boolean allRelayed() {
        return jdbcTemplate.queryForObject("SELECT NOT EXISTS (SELECT 1 FROM cps_data_updated_event"
            + " WHERE position > (SELECT sent_position FROM cps_data_updated_relay))", Boolean.class);
    }

    @Override
    public int purge(final Instant createdBefore, final boolean onlyRelayed, final int batchSize) {
        return jdbcTemplate.update(onlyRelayed
                ? PURGE + " AND e.position <= (SELECT sent_position FROM cps_data_updated_relay)" : PURGE,
            batchSize, Timestamp.from(createdBefore));
    }

    private static DataUpdatedEvent toEvent(final ResultSet resultSet, final int rowNumber) throws SQLException {
        return new DataUpdatedEvent(resultSet.getLong("position"), "cps-data-updated-" + resultSet.getLong("sequence"),
            resultSet.getString("dataspace_name"), resultSet.getString("anchor_name"),
            resultSet.getString("schema_set_name"), resultSet.getString("action"), resultSet.getString("xpath"),
            resultSet.getString("observed_timestamp"),
            resultSet.getObject("created_at", OffsetDateTime.class).toInstant());
    }
}
