package io.cpsng.cps.ri;

import io.cpsng.cps.api.exceptions.DataValidationException;
import io.cpsng.cps.api.model.AnchorDataNodes;
import io.cpsng.cps.api.model.DataNode;
import io.cpsng.cps.api.model.FetchDescendantsOption;
import io.cpsng.cps.api.model.PagedResult;
import io.cpsng.cps.api.model.PaginationOption;
import io.cpsng.cps.path.CpsPathQuery;
import io.cpsng.cps.ri.CpsPathSqlBuilder.SqlQuery;
import io.cpsng.cps.spi.QueryPersistence;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.LongStream;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/** cps-path queries: one SQL statement selects the matching fragments, one more reads their trees. */
@Repository
@Transactional(readOnly = true)
class FragmentQueryStore implements QueryPersistence {

    private final AnchorLookup anchorLookup;
    private final FragmentReader fragmentReader;
    private final JdbcTemplate jdbcTemplate;

    FragmentQueryStore(final AnchorLookup anchorLookup, final FragmentReader fragmentReader,
                       final JdbcTemplate jdbcTemplate) {
        this.anchorLookup = anchorLookup;
        this.fragmentReader = fragmentReader;
        this.jdbcTemplate = jdbcTemplate;
    }

    @Override
    public List<DataNode> queryDataNodes(final String dataspaceName, final String anchorName,
                                         final CpsPathQuery cpsPathQuery,
                                         final FetchDescendantsOption fetchDescendantsOption) {
        final int anchorId = anchorLookup.anchorId(dataspaceName, anchorName);
        final SqlQuery matches = CpsPathSqlBuilder.selectNodes(cpsPathQuery, List.of(anchorId));
        return fragmentReader.readTrees("SELECT id FROM (" + matches.sql() + ") matches", matches.parameters(),
            fetchDescendantsOption).getOrDefault(anchorId, List.of());
    }

    @Override
    public List<Object> queryDataLeaf(final String dataspaceName, final String anchorName,
                                      final CpsPathQuery cpsPathQuery) {
        final int anchorId = anchorLookup.anchorId(dataspaceName, anchorName);
        final SqlQuery leafValues = CpsPathSqlBuilder.selectLeafValues(cpsPathQuery, List.of(anchorId));
        final Set<Object> distinctValues = new LinkedHashSet<>();
        jdbcTemplate.query(leafValues.sql(),
            resultSet -> {
                distinctValues.add(JsonbText.value(resultSet.getBytes("leaf_value")));
            }, leafValues.parameters().toArray());
        return new ArrayList<>(distinctValues);
    }

    @Override
    public PagedResult<AnchorDataNodes> queryDataNodesAcrossAnchors(final String dataspaceName,
                                                                    final CpsPathQuery cpsPathQuery,
                                                                    final FetchDescendantsOption descendants,
                                                                    final PaginationOption paginationOption) {
        validate(paginationOption);
        final int dataspaceId = anchorLookup.dataspaceId(dataspaceName);
        final Map<Integer, String> anchorNamesById = anchorNamesById(dataspaceId);
        final SqlQuery matches = CpsPathSqlBuilder.selectNodes(cpsPathQuery, anchorNamesById.keySet());
        // the match runs once: its ids (8 bytes each) are kept for the page's trees rather than matched again for
        // them (with ancestor:: the match is most of a query's time)
        final Map<Integer, LongStream.Builder> matchIdsByAnchorId = new HashMap<>();
        jdbcTemplate.query("SELECT id, anchor_id FROM (" + matches.sql() + ") matches", resultSet -> {
            matchIdsByAnchorId.computeIfAbsent(resultSet.getInt(2), anchorId -> LongStream.builder())
                .add(resultSet.getLong(1));
        }, matches.parameters().toArray());
        final List<Integer> matchingAnchorIds = matchIdsByAnchorId.keySet().stream()
            .sorted((first, second) -> anchorNamesById.get(first).compareTo(anchorNamesById.get(second)))
            .toList();
        final int pageSize = paginationOption.pageSize();
        final int totalPages = Math.max(1, (int) Math.ceil(matchingAnchorIds.size() / (double) pageSize));
        final int pageStart = (int) Math.min((long) (paginationOption.pageIndex() - 1) * pageSize,
            matchingAnchorIds.size());
        final List<Integer> pageAnchorIds = matchingAnchorIds.subList(pageStart,
            (int) Math.min((long) pageStart + pageSize, matchingAnchorIds.size()));
        if (pageAnchorIds.isEmpty()) {
            return new PagedResult<>(List.of(), totalPages);
        }
        final long[] pageMatchIds = pageAnchorIds.stream()
            .flatMapToLong(anchorId -> matchIdsByAnchorId.get(anchorId).build()).toArray();
        final Map<Integer, List<DataNode>> treesByAnchorId = fragmentReader.readTrees("SELECT unnest(?::bigint[])",
            List.of((Object) pageMatchIds), descendants);
        final List<AnchorDataNodes> page = pageAnchorIds.stream()
            .map(anchorId -> new AnchorDataNodes(anchorNamesById.get(anchorId),
                treesByAnchorId.getOrDefault(anchorId, List.of())))
            .toList();
        return new PagedResult<>(page, totalPages);
    }

    private Map<Integer, String> anchorNamesById(final int dataspaceId) {
        final Map<Integer, String> anchorNamesById = new HashMap<>();
        jdbcTemplate.query("SELECT id, name FROM anchor WHERE dataspace_id = ?",
            resultSet -> {
                anchorNamesById.put(resultSet.getInt(1), resultSet.getString(2));
            }, dataspaceId);
        return anchorNamesById;
    }

    private static void validate(final PaginationOption paginationOption) {
        if (paginationOption.pageIndex() < 1 || paginationOption.pageSize() < 1) {
            throw new DataValidationException("Pagination validation error.", "Invalid page index or size: "
                + "pageIndex and pageSize must both be greater than 0.");
        }
    }
}
