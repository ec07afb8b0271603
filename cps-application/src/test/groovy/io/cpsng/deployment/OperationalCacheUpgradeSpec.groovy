package io.cpsng.deployment

import io.cpsng.TestDatabase
import liquibase.integration.spring.SpringLiquibase
import org.springframework.core.io.DefaultResourceLoader
import org.springframework.jdbc.core.JdbcTemplate
import org.springframework.jdbc.datasource.DriverManagerDataSource
import spock.lang.Shared
import spock.lang.Specification

/**
 * The cached operational data of a release before this one (its trees in the first binary form, ADR 0017) are
 * dropped by the upgrade's migration, and their handles synced again: a tree this release cannot read is never
 * answered.
 */
class OperationalCacheUpgradeSpec extends Specification {

    static final String DATABASE = 'operational_cache_upgrade'
    static final String FORMAT_2_CHANGESET = '0011-ncmp-operational-cache-format-2'

    @Shared
    DriverManagerDataSource dataSource

    @Shared
    JdbcTemplate jdbcTemplate

    def setupSpec() {
        dataSource = new DriverManagerDataSource(TestDatabase.createDatabase(DATABASE), TestDatabase.USERNAME,
            TestDatabase.PASSWORD)
        jdbcTemplate = new JdbcTemplate(dataSource)
    }

    def cleanupSpec() {
        TestDatabase.dropDatabase(DATABASE)
    }

    def 'Trees of the first form are dropped by the upgrade, their handles synced again, the others left as they are'() {
        given: 'a database as the release before left it: the migration to the second form not run yet'
            migrate()
            jdbcTemplate.update('DELETE FROM databasechangelog WHERE id = ?', FORMAT_2_CHANGESET)
        and: 'a SYNCHRONIZED handle with a tree of the first form, and a handle with data sync off'
            jdbcTemplate.update("""INSERT INTO ncmp_cm_handle (id, dmi_service_name, cm_handle_state, schema_set_name,
                    data_sync_enabled, data_sync_state) VALUES
                ('synced', 'http://dmi', 'READY', 'a-set', true, 'SYNCHRONIZED'),
                ('not-synced', 'http://dmi', 'READY', 'a-set', false, 'NONE_REQUESTED')""")
            jdbcTemplate.update('INSERT INTO ncmp_operational_cache VALUES (?, ?, ?)', 'synced', 'a-set', [1, 0] as byte[])
        when: 'this release migrates the database'
            migrate()
        then: 'the migration ran'
            jdbcTemplate.queryForObject('SELECT count(*) FROM databasechangelog WHERE id = ?', Integer, FORMAT_2_CHANGESET) == 1
        and: 'nothing is cached, and the synced handle is due for a sync now; the other is as it was'
            jdbcTemplate.queryForObject('SELECT count(*) FROM ncmp_operational_cache', Integer) == 0
            jdbcTemplate.queryForMap("SELECT data_sync_state, data_sync_due_at <= now() AS due FROM ncmp_cm_handle WHERE id = 'synced'") ==
                [data_sync_state: 'UNSYNCHRONIZED', due: true]
            jdbcTemplate.queryForObject("SELECT data_sync_state FROM ncmp_cm_handle WHERE id = 'not-synced'", String) == 'NONE_REQUESTED'
        and: 'half of each of the cache\'s pages is left free for its rewritten trees'
            jdbcTemplate.queryForObject("SELECT 'fillfactor=50' = ANY(reloptions) FROM pg_class WHERE relname = 'ncmp_operational_cache'",
                Boolean)
    }

    void migrate() {
        def liquibase = new SpringLiquibase()
        liquibase.dataSource = dataSource
        liquibase.changeLog = 'classpath:db/changelog/db.changelog-master.yaml'
        liquibase.resourceLoader = new DefaultResourceLoader()
        liquibase.afterPropertiesSet()
    }
}
