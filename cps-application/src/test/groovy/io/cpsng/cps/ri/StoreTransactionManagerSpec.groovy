package io.cpsng.cps.ri

import io.cpsng.IntegrationSpec
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.transaction.PlatformTransactionManager
import org.springframework.transaction.TransactionDefinition
import org.springframework.transaction.support.TransactionTemplate

/** Generic plans and the statement timeout for the store's transactions only (ADRs 0019, 0025), on real PostgreSQL. */
class StoreTransactionManagerSpec extends IntegrationSpec {

    @Autowired
    PlatformTransactionManager transactionManager

    def 'a data service\'s transaction has generic plans and the timeout, any other the defaults, neither beyond it'() {
        given: 'a transaction named as the proxy of one of the store\'s services names it, or named otherwise'
            def transaction = new TransactionTemplate(transactionManager)
            transaction.name = transactionName
            transaction.readOnly = readOnly
        when: 'the settings are read inside it and, on the same pool, after it'
            def inside = transaction.execute { sessionSettings() }
            def after = sessionSettings()
        then: 'inside they are the store\'s or the defaults'
            inside == expectedSettings
        and: 'afterwards the defaults again'
            after == DEFAULTS
        where:
            transactionName                                              | readOnly || expectedSettings
            'io.cpsng.cps.impl.DataService.replaceListContent'           | false    || DATA_SESSION
            'io.cpsng.cps.impl.DataService.getDataNodes'                 | true     || DATA_SESSION
            'io.cpsng.cps.impl.QueryService.queryDataNodes'              | true     || DATA_SESSION
            'io.cpsng.cps.impl.ModuleService.createSchemaSetFromModules' | false    || DEFAULTS
            'io.cpsng.cps.impl.DataServiceX.getDataNodes'                | true     || DEFAULTS
            'io.cpsng.ncmp.modulesync.ModuleSyncWorker.claimDueHandles'  | false    || DEFAULTS
            null                                                         | false    || DEFAULTS
    }

    def 'a data transaction rolled back leaves its connection\'s settings as they were set'() {
        given: 'a data transaction and one of NCMP\'s'
            def dataTransaction = new TransactionTemplate(transactionManager)
            dataTransaction.name = 'io.cpsng.cps.impl.DataService.updateNodeLeaves'
            def otherTransaction = new TransactionTemplate(transactionManager)
            otherTransaction.name = 'io.cpsng.ncmp.modulesync.ModuleSyncWorker.claimDueHandles'
        when: 'a data transaction is rolled back, then each kind runs and a statement outside any'
            dataTransaction.executeWithoutResult { status -> status.setRollbackOnly() }
            def inData = dataTransaction.execute { sessionSettings() }
            def inOther = otherTransaction.execute { sessionSettings() }
            def inDataAgain = dataTransaction.execute { sessionSettings() }
            def outside = sessionSettings()
        then: 'each has its own settings'
            [inData, inOther, inDataAgain, outside] == [DATA_SESSION, DEFAULTS, DATA_SESSION, DEFAULTS]
    }

    def 'a data service\'s read without a transaction has the data session, a transaction per statement'() {
        given: 'a scope without a transaction, named as a data service\'s read'
            def scope = new TransactionTemplate(transactionManager)
            scope.name = 'io.cpsng.cps.impl.DataService.getDataNodes'
            scope.propagationBehavior = TransactionDefinition.PROPAGATION_SUPPORTS
        when: 'the settings and two transaction ids are read in it'
            def (settings, firstTransaction, secondTransaction) = scope.execute {
                [sessionSettings(), transactionId(), transactionId()]
            }
        then: 'the settings are the store\'s'
            settings == DATA_SESSION
        and: 'the statements were two transactions'
            firstTransaction != secondTransaction
    }

    def 'the data services it recognises by name are classes of the store'() {
        expect: 'each name is a class'
            StoreTransactionManager.DATA_SERVICES.every { Class.forName(it) != null }
    }

    // the plan mode and the statement timeout (cps.store.statement-timeout, 60s by default, as PostgreSQL shows it)
    static final List<String> DATA_SESSION = ['force_generic_plan', '1min']
    static final List<String> DEFAULTS = ['auto', '0']

    String transactionId() {
        jdbcTemplate.queryForObject('select pg_current_xact_id()::text', String)
    }

    List<String> sessionSettings() {
        jdbcTemplate.queryForList("""select current_setting('plan_cache_mode') AS plan_mode,
            current_setting('statement_timeout') AS timeout""")
            .collect { row -> row.values() as List<String> }.first()
    }
}
