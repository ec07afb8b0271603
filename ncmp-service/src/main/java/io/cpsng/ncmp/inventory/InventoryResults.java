package io.cpsng.ncmp.inventory;

import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.api.model.CmHandleQuery;
import io.cpsng.ncmp.api.model.Results;
import java.util.Set;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The handles a search finds, for the packages that answer searches: they pass the query, never SQL. The search is
 * validated and translated when it is asked, so a bad one fails before any answer begins; its results are read
 * through a cursor when they are consumed, which PostgreSQL keeps only within a transaction: a read-only one.
 */
@Component
public class InventoryResults {

    private final CmHandleSearch cmHandleSearch;
    private final CmHandleRows cmHandleRows;
    private final TransactionTemplate readOnlyTransaction;

    InventoryResults(final CmHandleSearch cmHandleSearch, final CmHandleRows cmHandleRows,
                     final PlatformTransactionManager transactionManager) {
        this.cmHandleSearch = cmHandleSearch;
        this.cmHandleRows = cmHandleRows;
        this.readOnlyTransaction = new TransactionTemplate(transactionManager);
        this.readOnlyTransaction.setReadOnly(true);
    }

    /** The handles meeting the query, whose conditions must be among those allowed. */
    public Results<CmHandle> cmHandles(final CmHandleQuery cmHandleQuery, final Set<SearchCondition> allowed) {
        final SqlCondition condition = cmHandleSearch.toSqlCondition(cmHandleQuery, allowed);
        return action -> readOnlyTransaction.executeWithoutResult(status ->
            cmHandleRows.forEach(condition, action::accept));
    }

    /** The ids (or alternate ids) of the handles meeting the query, whose conditions must be among those allowed. */
    public Results<String> references(final CmHandleQuery cmHandleQuery, final Set<SearchCondition> allowed,
                                      final boolean outputAlternateId) {
        return references(cmHandleSearch.toSqlCondition(cmHandleQuery, allowed), outputAlternateId);
    }

    /** The ids (or alternate ids) of the handles the DMI plugin serves. */
    public Results<String> referencesOfPlugin(final String dmiPlugin, final boolean outputAlternateId) {
        return references(cmHandleSearch.withDmiPlugin(dmiPlugin), outputAlternateId);
    }

    private Results<String> references(final SqlCondition condition, final boolean outputAlternateId) {
        return action -> readOnlyTransaction.executeWithoutResult(status ->
            cmHandleRows.forEachReference(condition, outputAlternateId, action::accept));
    }
}
