package io.cpsng.ncmp.sync;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** The durable queue of handles waiting for module sync or upgrade: one row per handle. */
@Component
public class ModuleSyncWork {

    private static final String ENQUEUE = """
        INSERT INTO ncmp_module_sync_work (cm_handle_id, upgrade_module_set_tag)
        SELECT * FROM unnest(?::text[], ?::text[])
        ON CONFLICT (cm_handle_id) DO UPDATE
            SET upgrade_module_set_tag = excluded.upgrade_module_set_tag, attempt = 0, due_at = now(),
                owner = NULL, lease_until = NULL""";

    private final JdbcTemplate jdbcTemplate;

    ModuleSyncWork(final JdbcTemplate jdbcTemplate) {
        this.jdbcTemplate = jdbcTemplate;
    }

    /** Queues newly registered handles for module sync. */
    public void enqueueSync(final Collection<String> cmHandleIds) {
        enqueue(List.copyOf(cmHandleIds), new String[cmHandleIds.size()]);
    }

    /** Queues handles for an upgrade to the module set of the given tag. */
    public void enqueueUpgrade(final Map<String, String> moduleSetTagsByCmHandleId) {
        final List<String> cmHandleIds = List.copyOf(moduleSetTagsByCmHandleId.keySet());
        enqueue(cmHandleIds, cmHandleIds.stream().map(moduleSetTagsByCmHandleId::get).toArray(String[]::new));
    }

    public void remove(final Collection<String> cmHandleIds) {
        if (!cmHandleIds.isEmpty()) {
            jdbcTemplate.update("DELETE FROM ncmp_module_sync_work WHERE cm_handle_id = ANY(?)",
                (Object) cmHandleIds.toArray(String[]::new));
        }
    }

    private void enqueue(final List<String> cmHandleIds, final String[] upgradeModuleSetTags) {
        if (!cmHandleIds.isEmpty()) {
            jdbcTemplate.update(ENQUEUE, cmHandleIds.toArray(String[]::new), upgradeModuleSetTags);
        }
    }
}
