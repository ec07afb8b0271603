package io.cpsng.ncmp.inventory

import io.cpsng.cps.api.exceptions.DataValidationException
import io.cpsng.ncmp.api.exceptions.InvalidInputException
import spock.lang.Specification

import static io.cpsng.ncmp.inventory.CmHandleColumns.TRUST_LEVEL

class InventoryCpsPathSpec extends Specification {

    static final String EACH_PUBLIC_PROPERTY = 'exists (select 1 from jsonb_each_text(h.public_properties) p where '
    static final String LAST_UPDATE_TIME = '''to_char(h.last_update_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"+0000"')'''

    def 'A cps-path #scenario becomes a condition on the handle row'() {
        when: 'the cps-path is translated for a northbound search'
            def result = InventoryCpsPath.toSqlCondition(cpsPath, false)
        then: 'the condition and its bind parameters are as expected'
            result.sql() == expectedSql
            result.parameters() == expectedParameters
        where: 'the cps-path is'
            scenario                                  | cpsPath                                                                        || expectedSql                                                                              | expectedParameters
            'selecting every handle'                  | '/dmi-registry/cm-handles'                                                     || 'true'                                                                                   | []
            'on a handle key'                         | "/dmi-registry/cm-handles[@id='ch-1']"                                         || 'h.id = ?'                                                                               | ['ch-1']
            'with a number'                           | '//cm-handles[@id=5]'                                                          || 'h.id = ?'                                                                               | ['5']
            'on the trust level'                      | "/dmi-registry/cm-handles[@trust-level='NONE']"                                || "${TRUST_LEVEL} = ?"                                                | ['NONE']
            'on the module set tag'                   | "//cm-handles[@module-set-tag='tag-x']"                                        || 'h.module_set_tag = ?'                                                                   | ['tag-x']
            'with or and parentheses'                 | "//cm-handles[@module-set-tag='x' or (@trust-level='NONE' and @alternate-id='a')]" || "(h.module_set_tag = ? or (${TRUST_LEVEL} = ? and h.alternate_id = ?))" | ['x', 'NONE', 'a']
            'with contains'                           | "//cm-handles[contains(@alternate-id,'a_b%c\\')]"                               || "h.alternate_id like ? escape '\\'"                                                      | ['%a\\_b\\%c\\\\%']
            'on the state'                            | "//state[@cm-handle-state='LOCKED']"                                           || 'h.cm_handle_state = ?'                                                                  | ['LOCKED']
            'on the last update time'                 | "//state[@last-update-time='2026-01-31T20:30:40.123+0000']"                     || "${LAST_UPDATE_TIME} = ?"                                                                | ['2026-01-31T20:30:40.123+0000']
            'on data sync enabled'                    | "//state[@data-sync-enabled='true']"                                           || 'h.data_sync_enabled::text = ?'                                                          | ['true']
            'on the lock reason'                      | "//lock-reason[@reason='MODULE_SYNC_FAILED']"                                  || '(h.lock_reason is not null and h.lock_reason = ?)'                                      | ['MODULE_SYNC_FAILED']
            'on lock details, ancestor state'         | "//lock-reason[contains(@details,'#1')]/ancestor::state"                       || '(h.lock_reason is not null and h.lock_reason_details like ? escape \'\\\')'               | ['%#1%']
            'on the sync state'                       | "//operational[@sync-state='SYNCHRONIZED']"                                    || '(h.data_sync_state is not null and h.data_sync_state = ?)'                              | ['SYNCHRONIZED']
            'on the last sync time'                   | "//operational[@last-sync-time='x']"                                           || '(h.data_sync_state is not null and to_char(h.last_sync_time at time zone \'UTC\', \'YYYY-MM-DD"T"HH24:MI:SS.MS"+0000"\') = ?)' | ['x']
            'selecting the datastores'                | '/dmi-registry/cm-handles/state/datastores'                                    || 'h.data_sync_state is not null'                                                          | []
            'with predicates on two steps'            | "/dmi-registry/cm-handles[@dmi-service-name='d-1']/state[@cm-handle-state='READY']" || '(h.dmi_service_name = ? and h.cm_handle_state = ?)'                                | ['d-1', 'READY']
            'on a property pair'                      | "//public-properties[@name='Color' and @value='red']"                          || 'h.public_properties @> ?::jsonb'                                                        | ['{"Color":"red"}']
            'on a property pair, value first'         | "//public-properties[@value='red'][@name='Color']"                             || 'h.public_properties @> ?::jsonb'                                                        | ['{"Color":"red"}']
            'on a property pair, absolute'            | "/dmi-registry/cm-handles/public-properties[@name='Color' and @value='red']"  || 'h.public_properties @> ?::jsonb'                                                        | ['{"Color":"red"}']
            'on a property name'                      | "//public-properties[@name='Color']"                                           || 'jsonb_exists(h.public_properties, ?)'                                                   | ['Color']
            'on a property value'                     | "//public-properties[@value='blue']/ancestor::cm-handles"                      || EACH_PUBLIC_PROPERTY + 'p.value = ?)'                                                    | ['blue']
            'with contains on a property'             | "//public-properties[@name='Color' and contains(@value,'r')]"                  || EACH_PUBLIC_PROPERTY + '(p.key = ? and p.value like ? escape \'\\\'))'                   | ['Color', '%r%']
            'with or on properties'                   | "//public-properties[@name='Color' or @name='Size']"                           || EACH_PUBLIC_PROPERTY + '(p.key = ? or p.key = ?))'                                       | ['Color', 'Size']
            'on any property'                         | '//public-properties'                                                          || "h.public_properties <> '{}'::jsonb"                                                     | []
            'below an ancestor'                       | "//lock-reason/ancestor::cm-handles/public-properties[@name='a' and @value='b']" || '(h.lock_reason is not null and h.public_properties @> ?::jsonb)'                      | ['{"a":"b"}']
            'holding a leaf'                          | '//cm-handles/@alternate-id'                                                   || 'h.alternate_id is not null'                                                             | []
            'holding a property value'                | "//public-properties[@name='Color']/@value"                                    || EACH_PUBLIC_PROPERTY + '(p.key = ? and p.value is not null))'                            | ['Color']
            'on additional properties'                | "//additional-properties[@name='Secret']"                                      || 'false'                                                                                  | []
            'below additional properties'             | "//additional-properties[@name='Secret']/ancestor::cm-handles"                 || 'false'                                                                                  | []
    }

    def 'A cps-path on additional properties in an inventory search asks for them'() {
        when: 'the cps-path is translated with additional properties visible'
            def result = InventoryCpsPath.toSqlCondition("//additional-properties[@name='Secret' and @value='x']", true)
        then: 'the additional properties are searched by containment'
            result.sql() == 'h.additional_properties @> ?::jsonb'
            result.parameters() == ['{"Secret":"x"}']
    }

    def 'A cps-path #scenario is refused as unsupported'() {
        when: 'the cps-path is translated'
            InventoryCpsPath.toSqlCondition(cpsPath, true)
        then: 'it is refused, saying why and what the inventory supports'
            def thrown = thrown(InvalidInputException)
            thrown.details.startsWith("cps-path ${cpsPath} is not supported by the inventory: ${expectedReason}; it supports the dmi-registry model: /dmi-registry/cm-handles[@alternate-id, @data-producer-identifier,")
            thrown.details.contains('/dmi-registry/cm-handles/state/lock-reason[@details, @reason]')
        where: 'the cps-path has'
            scenario                              | cpsPath                                      || expectedReason
            'another root'                        | "/cm-handles[@id='x']"                       || 'an absolute path starts at /dmi-registry, not at /cm-handles'
            'an unknown node'                     | "//books[@title='x']"                        || "the model has no node 'books'"
            'a leaf as a step'                    | '//state/sync-state'                         || "the model has no node 'sync-state'"
            'an unknown leaf'                     | "//cm-handles[@colour='red']"                || "'cm-handles' has no leaf 'colour'"
            'a leaf of another node'              | "//state[@reason='x']"                       || "'state' has no leaf 'reason'"
            'a condition on the registry'         | "/dmi-registry[@id='x']/cm-handles"          || "'dmi-registry' has no leaf 'id'"
            'an unknown trailing leaf'            | '//cm-handles/@colour'                       || "'cm-handles' has no leaf 'colour'"
            'a child out of place'                | '/dmi-registry/state'                        || "'state' is no child of 'dmi-registry'"
            'a descendant out of place'           | '//state//cm-handles'                        || "'cm-handles' is no descendant of 'state'"
            'a comparison of numbers'             | '//cm-handles[@id>5]'                        || "'>' compares numbers and the leaves of the model are text; use '=' or contains()"
            'a comparison of numbers on state'    | '//state[@last-update-time<=2026]'           || "'<=' compares numbers and the leaves of the model are text; use '=' or contains()"
            'a text() condition'                  | "//cm-handles/alternate-id[text()='x']"      || "text() conditions select leaf-list values and the model has no leaf-lists; use [@alternate-id='...'] on 'cm-handles'"
            'an ancestor that is none'            | '//state/ancestor::lock-reason'              || "'lock-reason' is no ancestor of 'state'"
            'the registry as ancestor'            | '//state/ancestor::dmi-registry'             || 'ancestor::dmi-registry leaves the CM handle; ancestors within a handle are supported'
            'the registry selected'               | '/dmi-registry'                              || 'it selects the registry itself, which is no CM handle'
    }

    def 'A malformed cps-path is refused by the parser'() {
        when: 'a cps-path missing its closing bracket is translated'
            InventoryCpsPath.toSqlCondition("//state[@cm-handle-state='READY'", false)
        then: 'the parser says where it is malformed'
            def thrown = thrown(DataValidationException)
            thrown.details.contains('position')
    }
}
