package io.cpsng.ncmp.search;

import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.api.model.Results;
import io.cpsng.ncmp.inventory.CmHandleRows;
import io.cpsng.ncmp.inventory.SqlCondition;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/** Search results read through a cursor, which PostgreSQL keeps only within a transaction: a read-only one. */
@Component
public class InventoryResults {

    private final CmHandleRows cmHandleRows;
    private final TransactionTemplate readOnlyTransaction;

    InventoryResults(final CmHandleRows cmHandleRows, final PlatformTransactionManager transactionManager) {
        this.cmHandleRows = cmHandleRows;
        this.readOnlyTransaction = new TransactionTemplate(transactionManager);
        this.readOnlyTransaction.setReadOnly(true);
    }

    public Results<CmHandle> cmHandles(final SqlCondition condition) {
        return action -> readOnlyTransaction.executeWithoutResult(status ->
            cmHandleRows.forEach(condition, action::accept));
    }

    public Results<String> references(final SqlCondition condition, final boolean outputAlternateId) {
        return action -> readOnlyTransaction.executeWithoutResult(status ->
            cmHandleRows.forEachReference(condition, outputAlternateId, action::accept));
    }
}
