package io.cpsng.deployment

import io.cpsng.Application
import io.cpsng.TestDatabase
import io.cpsng.ncmp.api.NcmpCmHandleService
import io.cpsng.ncmp.api.model.CmHandleState
import liquibase.integration.spring.SpringLiquibase
import org.springframework.boot.SpringApplication
import org.springframework.boot.context.logging.LoggingApplicationListener
import org.springframework.context.ConfigurableApplicationContext
import org.springframework.core.io.DefaultResourceLoader
import org.springframework.jdbc.core.JdbcTemplate
import org.springframework.jdbc.datasource.DriverManagerDataSource
import spock.lang.Shared
import spock.lang.Specification

/**
 * A database of the first release, whose inventory was dmi-registry fragments, per-handle anchors, work rows and
 * alternate-id rows, is upgraded by starting this release on it: every handle keeps what it had.
 */
class InventoryUpgradeSpec extends Specification {

    static final String DATABASE = 'first_release_upgrade'

    @Shared
    ConfigurableApplicationContext upgraded

    @Shared
    JdbcTemplate jdbcTemplate

    def setupSpec() {
        def jdbcUrl = TestDatabase.createDatabase(DATABASE)
        def dataSource = new DriverManagerDataSource(jdbcUrl, TestDatabase.USERNAME, TestDatabase.PASSWORD)
        migrateAsFirstRelease(dataSource)
        jdbcTemplate = new JdbcTemplate(dataSource)
        storeFirstReleaseInventory(jdbcTemplate)
        upgraded = startRelease(jdbcUrl)
    }

    def cleanupSpec() {
        upgraded?.close()
        TestDatabase.dropDatabase(DATABASE)
    }

    def 'A READY handle keeps its properties, alternate id, state and module set'() {
        when: 'the handle is read after the upgrade, by id and by alternate id'
            def cmHandleService = upgraded.getBean(NcmpCmHandleService)
            def cmHandle = cmHandleService.getCmHandle('old-1')
        then: 'it is as it was'
            cmHandle.dmiServiceName() == 'http://dmi-old'
            cmHandle.moduleSetTag() == 'tag-old'
            cmHandle.alternateId() == 'alt-old-1'
            cmHandle.dataProducerIdentifier() == 'dp-1'
            cmHandle.additionalProperties() == [secret: 's3']
            cmHandle.publicProperties() == [Color: 'red', Shape: 'round']
            cmHandle.state().cmHandleState() == CmHandleState.READY
            cmHandle.state().lastUpdateTime() == '2026-01-31T20:30:40.123Z'
            cmHandle.state().dataSyncState() == 'NONE_REQUESTED'
            cmHandleService.getCmHandle('alt-old-1').id() == 'old-1'
        and: 'its modules are those of its module set'
            cmHandleService.getModuleReferences('old-1')*.name() == ['old-module']
        and: 'it is not due for module sync'
            jdbcTemplate.queryForObject("SELECT due_at IS NULL FROM ncmp_cm_handle WHERE id = 'old-1'", Boolean)
    }

    def 'A LOCKED handle keeps its lock reason and its pending retry'() {
        when: 'the handle is read after the upgrade'
            def cmHandle = upgraded.getBean(NcmpCmHandleService).getCmHandle('old-2')
        then: 'it is LOCKED for the same reason'
            cmHandle.state().cmHandleState() == CmHandleState.LOCKED
            cmHandle.state().lockReason().reason() == 'MODULE_SYNC_FAILED'
            cmHandle.state().lockReason().details() == 'Attempt #2 failed: DMI unreachable'
            cmHandle.trustLevel() == 'NONE'
        and: 'its retry is still due when it was, with the attempts counted so far'
            jdbcTemplate.queryForMap("SELECT attempt, due_at > now() AS later FROM ncmp_cm_handle WHERE id = 'old-2'") ==
                [attempt: 2, later: true]
    }

    def 'The first release\'s inventory structures are gone'() {
        expect: 'no registry anchor, no per-handle anchors, no work or alternate-id tables (the one anchor is the store\'s notification subscriptions)'
            jdbcTemplate.queryForList("SELECT name FROM anchor", String) == ['cps-notification-subscriptions']
            jdbcTemplate.queryForObject("SELECT count(*) FROM fragment f JOIN anchor a ON a.id = f.anchor_id WHERE a.name <> 'cps-notification-subscriptions'", Integer) == 0
            jdbcTemplate.queryForObject("SELECT count(*) FROM information_schema.tables WHERE table_name IN ('ncmp_module_sync_work', 'ncmp_alternate_id')", Integer) == 0
        and: 'the module set stays'
            jdbcTemplate.queryForObject("SELECT count(*) FROM schema_set WHERE name = 'tag-old'", Integer) == 1
    }

    static void migrateAsFirstRelease(DriverManagerDataSource dataSource) {
        def liquibase = new SpringLiquibase()
        liquibase.dataSource = dataSource
        liquibase.changeLog = 'classpath:db/changelog/first-release.yaml'
        liquibase.resourceLoader = new DefaultResourceLoader()
        liquibase.afterPropertiesSet()
    }

    /** Two handles as the first release stored them, fragment by fragment. */
    static void storeFirstReleaseInventory(JdbcTemplate jdbcTemplate) {
        jdbcTemplate.execute('''
            INSERT INTO dataspace (id, name) VALUES (1, 'NCMP-Admin'), (2, 'NFP-Operational');
            INSERT INTO schema_set (id, dataspace_id, name) VALUES (1, 1, 'dmi-registry-2026-01-01'), (2, 2, 'tag-old');
            INSERT INTO yang_resource (id, checksum, file_name, module_name, revision, namespace, content) VALUES
                (1, 'c-registry', 'dmi-registry@2026-01-01.yang', 'dmi-registry', '2026-01-01', 'urn:cpsng:ncmp:dmi-registry', 'module dmi-registry {}'),
                (2, 'c-old', 'old-module@2025-01-01.yang', 'old-module', '2025-01-01', 'urn:old', 'module old-module {}');
            INSERT INTO schema_set_yang_resource VALUES (1, 1), (2, 2);
            INSERT INTO anchor (id, dataspace_id, schema_set_id, name) VALUES (1, 1, 1, 'ncmp-dmi-registry'), (2, 2, 2, 'old-1');
            INSERT INTO fragment (id, anchor_id, parent_id, xpath, schema_path, attributes) VALUES
                (1, 1, NULL, '/dmi-registry', '/dmi-registry', '{}'),
                (2, 1, 1, '/dmi-registry/cm-handles[@id=''old-1'']', '/dmi-registry/cm-handles',
                    '{"id": "old-1", "dmi-service-name": "http://dmi-old", "module-set-tag": "tag-old", "alternate-id": "alt-old-1", "data-producer-identifier": "dp-1"}'),
                (3, 1, 2, '/dmi-registry/cm-handles[@id=''old-1'']/additional-properties[@name=''secret'']',
                    '/dmi-registry/cm-handles/additional-properties', '{"name": "secret", "value": "s3"}'),
                (4, 1, 2, '/dmi-registry/cm-handles[@id=''old-1'']/public-properties[@name=''Color'']',
                    '/dmi-registry/cm-handles/public-properties', '{"name": "Color", "value": "red"}'),
                (5, 1, 2, '/dmi-registry/cm-handles[@id=''old-1'']/public-properties[@name=''Shape'']',
                    '/dmi-registry/cm-handles/public-properties', '{"name": "Shape", "value": "round"}'),
                (6, 1, 2, '/dmi-registry/cm-handles[@id=''old-1'']/state', '/dmi-registry/cm-handles/state',
                    '{"cm-handle-state": "READY", "last-update-time": "2026-01-31T20:30:40.123Z", "data-sync-enabled": false}'),
                (7, 1, 6, '/dmi-registry/cm-handles[@id=''old-1'']/state/datastores', '/dmi-registry/cm-handles/state/datastores', '{}'),
                (8, 1, 7, '/dmi-registry/cm-handles[@id=''old-1'']/state/datastores/operational',
                    '/dmi-registry/cm-handles/state/datastores/operational', '{"sync-state": "NONE_REQUESTED"}'),
                (9, 1, 1, '/dmi-registry/cm-handles[@id=''old-2'']', '/dmi-registry/cm-handles',
                    '{"id": "old-2", "dmi-service-name": "http://dmi-old", "trust-level": "NONE"}'),
                (10, 1, 9, '/dmi-registry/cm-handles[@id=''old-2'']/state', '/dmi-registry/cm-handles/state',
                    '{"cm-handle-state": "LOCKED", "last-update-time": "2026-02-01T10:00:00Z"}'),
                (11, 1, 10, '/dmi-registry/cm-handles[@id=''old-2'']/state/lock-reason', '/dmi-registry/cm-handles/state/lock-reason',
                    '{"reason": "MODULE_SYNC_FAILED", "details": "Attempt #2 failed: DMI unreachable"}');
            INSERT INTO ncmp_alternate_id VALUES ('alt-old-1', 'old-1');
            INSERT INTO ncmp_module_sync_work (cm_handle_id, attempt, due_at) VALUES ('old-2', 2, now() + interval '1 hour');
            SELECT setval('fragment_id_seq', 100);
            SELECT setval('dataspace_id_seq', 10); SELECT setval('schema_set_id_seq', 10);
            SELECT setval('yang_resource_id_seq', 10); SELECT setval('anchor_id_seq', 10);''')
    }

    static ConfigurableApplicationContext startRelease(String jdbcUrl) {
        def application = new SpringApplication(Application)
        // logging is one per JVM and the spec's own context set it up already
        application.listeners = application.listeners.findAll { !(it instanceof LoggingApplicationListener) }
        application.run("--spring.datasource.url=${jdbcUrl}", "--spring.datasource.username=${TestDatabase.USERNAME}",
            "--spring.datasource.password=${TestDatabase.PASSWORD}", '--spring.datasource.hikari.maximum-pool-size=4',
            '--server.port=0', '--security.auth.enabled=false', '--ncmp.module-sync.enabled=false')
    }
}
