package io.cpsng.ncmp.datasync;

import static io.cpsng.ncmp.inventory.InventoryModelLoader.NFP_OPERATIONAL_DATASPACE;

import io.cpsng.cps.api.CpsDataTreeService;
import io.cpsng.cps.api.exceptions.DataNodeNotFoundException;
import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.api.model.FetchDescendantsOption;
import io.cpsng.cps.path.CpsPathParser;
import io.cpsng.cps.tree.DataTree;
import io.cpsng.cps.tree.SchemaSetModel;
import io.cpsng.ncmp.registration.CmHandlesDeleted;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The cached operational data (ncmp-datastore:operational): one row per data-synced handle in the unlogged table
 * ncmp_operational_cache, its whole tree as one value with the module set it was parsed on (ADR 0017). A row exists
 * only while data sync is on: turning it off, or deleting the handle, drops it. The database empties unlogged tables
 * when it recovers from a crash; the row of ncmp_operational_cache_intact goes with them, and its absence tells the
 * watchdog to sync every handle again.
 */
@Component
class OperationalDataCache {

    // one statement for all the rows (a batch of one statement a row took twice as long), the trees an array of
    // bytea sent as binary (binaryTransferEnable, application.yml), in id order as the notifications lock them: two
    // writers never wait on each other crosswise
    private static final String STORE = """
        INSERT INTO ncmp_operational_cache (cm_handle_id, schema_set_name, tree)
        SELECT * FROM unnest(?::text[], ?::text[], ?::bytea[])
        ON CONFLICT (cm_handle_id) DO UPDATE SET schema_set_name = excluded.schema_set_name, tree = excluded.tree""";

    private static final String LOCK_TREES = """
        SELECT cm_handle_id, schema_set_name, tree FROM ncmp_operational_cache WHERE cm_handle_id = ANY(?)
        ORDER BY cm_handle_id FOR UPDATE""";

    // the rows locked in id order first, as every writer of many rows locks them: a plain DELETE locks in the order
    // it finds them, and could wait crosswise with a notification batch or a sync's store
    private static final String DROP = """
        DELETE FROM ncmp_operational_cache WHERE cm_handle_id IN (
            SELECT cm_handle_id FROM ncmp_operational_cache WHERE cm_handle_id = ANY(?) ORDER BY cm_handle_id
            FOR UPDATE)""";

    private final JdbcTemplate jdbcTemplate;
    private final CpsDataTreeService cpsDataTreeService;

    OperationalDataCache(final JdbcTemplate jdbcTemplate, final CpsDataTreeService cpsDataTreeService) {
        this.jdbcTemplate = jdbcTemplate;
        this.cpsDataTreeService = cpsDataTreeService;
    }

    /** A handle's cached tree and the module set it was parsed on. */
    record CachedTree(String schemaSetName, DataTree tree) {
    }

    SchemaSetModel modelOf(final String schemaSetName) {
        return cpsDataTreeService.getSchemaSetModel(NFP_OPERATIONAL_DATASPACE, schemaSetName);
    }

    /** The trees as the handles' caches, in place of what was cached; in the caller's transaction. */
    void store(final Map<String, CachedTree> treesByCmHandleId) {
        if (treesByCmHandleId.isEmpty()) {
            return;
        }
        final Map<String, CachedTree> inIdOrder = new TreeMap<>(treesByCmHandleId);
        final String[] cmHandleIds = inIdOrder.keySet().toArray(String[]::new);
        final String[] schemaSetNames = inIdOrder.values().stream().map(CachedTree::schemaSetName)
            .toArray(String[]::new);
        // encoded on all cores: a notification batch rewrites hundreds of trees
        final byte[][] trees = inIdOrder.values().parallelStream().map(cachedTree -> cachedTree.tree().toBytes())
            .toArray(byte[][]::new);
        jdbcTemplate.update(STORE, statement -> {
            statement.setArray(1, statement.getConnection().createArrayOf("text", cmHandleIds));
            statement.setArray(2, statement.getConnection().createArrayOf("text", schemaSetNames));
            statement.setArray(3, statement.getConnection().createArrayOf("bytea", trees));
        });
    }

    /** The cached trees of those of the handles that have one, locked until the caller's transaction ends. */
    Map<String, CachedTree> lockTrees(final Collection<String> cmHandleIds) {
        final Map<String, CachedTree> trees = new LinkedHashMap<>();
        jdbcTemplate.query(LOCK_TREES, resultSet -> {
            trees.put(resultSet.getString(1),
                new CachedTree(resultSet.getString(2), DataTree.fromBytes(resultSet.getBytes(3))));
        }, (Object) cmHandleIds.toArray(String[]::new));
        return trees;
    }

    void drop(final Collection<String> cmHandleIds) {
        if (!cmHandleIds.isEmpty()) {
            jdbcTemplate.update(DROP, (Object) cmHandleIds.toArray(String[]::new));
        }
    }

    @EventListener
    void onCmHandlesDeleted(final CmHandlesDeleted cmHandlesDeleted) {
        drop(cmHandlesDeleted.cmHandleIds());
    }

    /** False once the database has emptied the cache in a crash recovery, until {@link #markIntact()}. */
    boolean isIntact() {
        return jdbcTemplate.queryForObject("SELECT EXISTS (SELECT 1 FROM ncmp_operational_cache_intact)",
            Boolean.class);
    }

    /** False if another transaction marked it first (it waits for that one to end). */
    boolean markIntact() {
        return jdbcTemplate.update("INSERT INTO ncmp_operational_cache_intact VALUES (true) ON CONFLICT DO NOTHING")
            == 1;
    }

    /** As the reference answers it: nothing cached at the xpath (at "/": nothing cached at all) is not found. */
    Collection<DataNode> get(final String cmHandleId, final String xpath,
                             final FetchDescendantsOption fetchDescendantsOption) {
        final String canonicalXpath = CpsPathParser.canonicalXpath(xpath);
        final List<DataNode> dataNodes = treeOf(cmHandleId).read(canonicalXpath, fetchDescendantsOption);
        if (dataNodes.isEmpty()) {
            throw new DataNodeNotFoundException(NFP_OPERATIONAL_DATASPACE, cmHandleId, List.of(xpath));
        }
        return dataNodes;
    }

    Collection<DataNode> query(final String cmHandleId, final String cpsPath,
                               final FetchDescendantsOption fetchDescendantsOption) {
        return treeOf(cmHandleId).query(CpsPathParser.parse(cpsPath), fetchDescendantsOption);
    }

    private DataTree treeOf(final String cmHandleId) {
        final List<byte[]> trees = jdbcTemplate.queryForList(
            "SELECT tree FROM ncmp_operational_cache WHERE cm_handle_id = ?", byte[].class, cmHandleId);
        return trees.isEmpty() ? DataTree.empty() : DataTree.fromBytes(trees.getFirst());
    }
}
