package io.cpsng.cps.ri

import io.cpsng.IntegrationSpec
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.transaction.PlatformTransactionManager
import org.springframework.transaction.support.TransactionTemplate

/** Generic plans for the store's transactions only (ADR 0019), on the application's PostgreSQL. */
class StoreTransactionManagerSpec extends IntegrationSpec {

    @Autowired
    PlatformTransactionManager transactionManager

    def 'a transaction a data service begins is planned with generic plans, any other with the default, and neither lasts beyond it'() {
        given: 'a transaction named as the proxy of one of the store\'s services names it, or named otherwise'
            def transaction = new TransactionTemplate(transactionManager)
            transaction.name = transactionName
            transaction.readOnly = readOnly
        when: 'the plan mode is read inside it and, on the same pool, after it'
            def inside = transaction.execute { planCacheMode() }
            def after = planCacheMode()
        then: 'inside it is the store\'s mode or the default'
            inside == expectedMode
        and: 'afterwards the default again'
            after == 'auto'
        where:
            transactionName                                              | readOnly || expectedMode
            'io.cpsng.cps.impl.DataService.replaceListContent'           | false    || 'force_generic_plan'
            'io.cpsng.cps.impl.DataService.getDataNodes'                 | true     || 'force_generic_plan'
            'io.cpsng.cps.impl.QueryService.queryDataNodes'              | true     || 'force_generic_plan'
            'io.cpsng.cps.impl.ModuleService.createSchemaSetFromModules' | false    || 'auto'
            'io.cpsng.cps.impl.DataServiceX.getDataNodes'                | true     || 'auto'
            'io.cpsng.ncmp.modulesync.ModuleSyncWorker.claimDueHandles'  | false    || 'auto'
            null                                                         | false    || 'auto'
    }

    def 'the data services it recognises by name are classes of the store'() {
        expect: 'each name is a class'
            StoreTransactionManager.DATA_SERVICES.every { Class.forName(it) != null }
    }

    String planCacheMode() {
        jdbcTemplate.queryForObject("select current_setting('plan_cache_mode')", String)
    }
}
