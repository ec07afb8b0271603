package io.cpsng.ncmp.inventory;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.stereotype.Component;

/**
 * Alternate ids, unique across handles. The table is the truth (its key makes a clash fail even
 * between instances); the shared cache saves the lookup on the read path.
 */
@Component
public class AlternateIds {

    private static final String CLAIM = """
        INSERT INTO ncmp_alternate_id (alternate_id, cm_handle_id)
        SELECT * FROM unnest(?::text[], ?::text[]) ON CONFLICT DO NOTHING RETURNING alternate_id""";

    private final JdbcTemplate jdbcTemplate;
    private final Map<String, String> cmHandleIdsByAlternateId;

    AlternateIds(final JdbcTemplate jdbcTemplate, final Map<String, String> alternateIdCache) {
        this.jdbcTemplate = jdbcTemplate;
        this.cmHandleIdsByAlternateId = alternateIdCache;
    }

    /** Records the alternate ids of the handles; returns the handle ids whose alternate id was taken. */
    public Set<String> claim(final Map<String, String> alternateIdsByCmHandleId) {
        if (alternateIdsByCmHandleId.isEmpty()) {
            return Set.of();
        }
        final List<String> cmHandleIds = new ArrayList<>(alternateIdsByCmHandleId.keySet());
        final String[] alternateIds = cmHandleIds.stream().map(alternateIdsByCmHandleId::get).toArray(String[]::new);
        final Set<String> claimed = new HashSet<>(jdbcTemplate.queryForList(CLAIM, String.class, alternateIds,
            cmHandleIds.toArray(String[]::new)));
        final Set<String> clashingCmHandleIds = new HashSet<>();
        for (final String cmHandleId : cmHandleIds) {
            if (!claimed.contains(alternateIdsByCmHandleId.get(cmHandleId))) {
                clashingCmHandleIds.add(cmHandleId);
            }
        }
        return clashingCmHandleIds;
    }

    public void release(final Collection<String> cmHandleIds) {
        if (cmHandleIds.isEmpty()) {
            return;
        }
        final List<String> alternateIds = jdbcTemplate.queryForList(
            "DELETE FROM ncmp_alternate_id WHERE cm_handle_id = ANY(?) RETURNING alternate_id", String.class,
            (Object) cmHandleIds.toArray(String[]::new));
        alternateIds.forEach(cmHandleIdsByAlternateId::remove);
    }

    /** The id of the handle with this alternate id, if any. */
    public Optional<String> findCmHandleId(final String alternateId) {
        final String cached = cmHandleIdsByAlternateId.get(alternateId);
        if (cached != null) {
            return Optional.of(cached);
        }
        final List<String> cmHandleIds = jdbcTemplate.queryForList(
            "SELECT cm_handle_id FROM ncmp_alternate_id WHERE alternate_id = ?", String.class, alternateId);
        cmHandleIds.stream().findFirst().ifPresent(cmHandleId -> cmHandleIdsByAlternateId.put(alternateId, cmHandleId));
        return cmHandleIds.stream().findFirst();
    }

    /** The alternate ids of those of the handles that have one, by handle id; one query for any number. */
    public Map<String, String> alternateIdsOf(final Collection<String> cmHandleIds) {
        final Map<String, String> alternateIdsByCmHandleId = new HashMap<>();
        if (!cmHandleIds.isEmpty()) {
            final RowCallbackHandler collect = resultSet -> alternateIdsByCmHandleId.put(
                resultSet.getString("cm_handle_id"), resultSet.getString("alternate_id"));
            jdbcTemplate.query("SELECT cm_handle_id, alternate_id FROM ncmp_alternate_id WHERE cm_handle_id = ANY(?)",
                collect, (Object) cmHandleIds.toArray(String[]::new));
        }
        return alternateIdsByCmHandleId;
    }
}
