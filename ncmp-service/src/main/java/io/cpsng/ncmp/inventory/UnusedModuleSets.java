package io.cpsng.ncmp.inventory;

import static io.cpsng.ncmp.inventory.InventoryModelLoader.NFP_OPERATIONAL_DATASPACE;

import io.cpsng.cps.api.CpsModuleService;
import java.util.Collection;
import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Deletes the module sets (schema sets in NFP-Operational) that no handle uses any more, after handles left them
 * (removed, or upgraded to another set). Module sets have no anchors, so whether one is used is the inventory's
 * to say. A worker that just resolved such a set for a handle of its batch may still point the handle at it: the
 * handle then has no modules until its next upgrade (ADR 0006 weighs this against per-handle anchors).
 */
@Component
public class UnusedModuleSets {

    private static final String UNUSED = """
        SELECT name FROM unnest(?::text[]) AS left_behind(name)
        WHERE NOT EXISTS (SELECT 1 FROM ncmp_cm_handle h WHERE h.schema_set_name = left_behind.name)""";

    private final JdbcTemplate jdbcTemplate;
    private final CpsModuleService cpsModuleService;

    UnusedModuleSets(final JdbcTemplate jdbcTemplate, final CpsModuleService cpsModuleService) {
        this.jdbcTemplate = jdbcTemplate;
        this.cpsModuleService = cpsModuleService;
    }

    /** Of the module sets that handles left, deletes those no handle uses. */
    public void deleteUnused(final Collection<String> leftSchemaSetNames) {
        final List<String> candidates = leftSchemaSetNames.stream().filter(name -> name != null).distinct().toList();
        if (candidates.isEmpty()) {
            return;
        }
        final List<String> unused = jdbcTemplate.queryForList(UNUSED, String.class,
            (Object) candidates.toArray(String[]::new));
        if (!unused.isEmpty()) {
            cpsModuleService.deleteUnusedSchemaSets(NFP_OPERATIONAL_DATASPACE, unused);
        }
    }
}
