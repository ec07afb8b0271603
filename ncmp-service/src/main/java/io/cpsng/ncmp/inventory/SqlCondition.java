package io.cpsng.ncmp.inventory;

import java.util.List;

/** A condition over the inventory table (aliased h) with its bind parameters, for a WHERE clause. */
record SqlCondition(String sql, List<Object> parameters) {

    static final SqlCondition ALL = new SqlCondition("true", List.of());
}
