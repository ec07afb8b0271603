package io.cpsng.cps.ri;

import io.cpsng.cps.path.CpsPathQuery;
import io.cpsng.cps.path.CpsPathQuery.And;
import io.cpsng.cps.path.CpsPathQuery.Axis;
import io.cpsng.cps.path.CpsPathQuery.Comparison;
import io.cpsng.cps.path.CpsPathQuery.Condition;
import io.cpsng.cps.path.CpsPathQuery.Contains;
import io.cpsng.cps.path.CpsPathQuery.Operator;
import io.cpsng.cps.path.CpsPathQuery.Or;
import io.cpsng.cps.path.CpsPathQuery.Step;
import io.cpsng.cps.path.CpsPathQuery.TextEquals;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Translates a parsed cps-path into one PostgreSQL statement over table fragment, so a query is a
 * single round trip whatever it matches. User values and names travel only as bind parameters; the
 * SQL text is made of fixed fragments and the operator symbols of {@link Operator}.
 *
 * <p>How a path becomes SQL, with f the fragment the query returns:
 * <ul>
 * <li>The steps fix f's schema path: all-child paths by equality, paths with {@code //} by the known
 *     suffix after the last {@code //}. Both compare {@code reverse(schema_path)}, the one column the
 *     (anchor_id, reverse(schema_path)) index can serve; the suffix as a range [reversed suffix,
 *     reversed suffix with its final '/' raised to '0'), which is a prefix match like LIKE 'x%' but
 *     needs no wildcard escaping and, unlike LIKE ?, keeps using the index in generic (cached) plans.
 *     Steps before a single {@code //} add a prefix range and a minimum length; only paths with two
 *     or more {@code //} fall back to a regular expression on the schema path, as a filter.</li>
 * <li>The last step's predicate filters f. The nearest earlier step with a predicate is an EXISTS
 *     over its fragment a: f's parent (by parent_id) when only one child step lies between, else an
 *     ancestor by xpath range (f.xpath in [a.xpath || '/', a.xpath || '0'), one index range under the
 *     "C" collation) whose schema path is f's less the steps between. Steps further up nest inside
 *     that EXISTS relative to a, so each predicate holds for the node at its own step.</li>
 * <li>With {@code ancestor::}, f is matched by the ancestor steps (starting anywhere) and must be one of
 *     the ancestors of the nodes the main steps match, found by sorting both sets by xpath together.</li>
 * </ul>
 */
public final class CpsPathSqlBuilder {

    /** A statement and its bind parameters in order; the anchor ids are one Integer[] parameter. */
    public record SqlQuery(String sql, List<Object> parameters) {

        public SqlQuery {
            parameters = List.copyOf(parameters);
        }
    }

    private static final String SELECTED = "f";

    private final StringBuilder sql = new StringBuilder();
    private final List<Object> parameters = new ArrayList<>();
    private final Integer[] anchorIds;
    private int aliasCount;

    private CpsPathSqlBuilder(final Collection<Integer> anchorIds) {
        this.anchorIds = anchorIds.toArray(Integer[]::new);
    }

    /**
     * Selects {@code id, anchor_id, xpath} of the fragments the query names, ordered by id, within the
     * given anchors. A trailing {@code /@leaf} is ignored here: the nodes holding the leaf are selected.
     */
    public static SqlQuery selectNodes(final CpsPathQuery cpsPathQuery, final Collection<Integer> anchorIds) {
        final CpsPathSqlBuilder builder = new CpsPathSqlBuilder(anchorIds);
        builder.append("SELECT f.id, f.anchor_id, f.xpath FROM fragment f WHERE ");
        builder.appendSelection(cpsPathQuery);
        builder.append(" ORDER BY f.id");
        return builder.build();
    }

    /**
     * Selects {@code id, anchor_id, xpath, leaf_value} for the fragments the query names that hold its
     * trailing leaf, ordered by id; leaf_value is the leaf as jsonb (a JSON array for a leaf-list).
     */
    public static SqlQuery selectLeafValues(final CpsPathQuery cpsPathQuery, final Collection<Integer> anchorIds) {
        if (!cpsPathQuery.hasLeafName()) {
            throw new IllegalArgumentException("the cps-path has no trailing /@leaf: " + cpsPathQuery);
        }
        final CpsPathSqlBuilder builder = new CpsPathSqlBuilder(anchorIds);
        builder.append("SELECT f.id, f.anchor_id, f.xpath, f.attributes -> ? AS leaf_value FROM fragment f WHERE ",
            cpsPathQuery.leafName());
        builder.appendSelection(cpsPathQuery);
        builder.append(" AND f.attributes -> ? IS NOT NULL ORDER BY f.id", cpsPathQuery.leafName());
        return builder.build();
    }

    private void appendSelection(final CpsPathQuery cpsPathQuery) {
        if (cpsPathQuery.hasAncestorAxis()) {
            appendAncestorsOfMatches(cpsPathQuery.selectedSteps(), cpsPathQuery.steps());
        } else {
            appendMatch(SELECTED, cpsPathQuery.selectedSteps());
        }
    }

    /**
     * f is a node the ancestor steps match (a candidate) with a node the steps match (a match) among its
     * descendants. Candidates and matches are sorted together by xpath in each anchor: a node's descendants follow
     * it in that order, so a candidate has a matching descendant exactly when the first match after it lies in its
     * range [xpath/, xpath0). That first match is a running minimum over the rows sorted backwards (a frame from
     * the first row, which PostgreSQL keeps instead of recomputing); a candidate sorts before its own copy as a
     * match, which is not its descendant. One sort of both sets, where walking up parent_id from each match cost a
     * primary-key probe for every match and every ancestor (30,000 for the ports of 1,000 devices, 110 ms).
     */
    private void appendAncestorsOfMatches(final List<Step> ancestorSteps, final List<Step> steps) {
        final String candidate = nextAlias("c");
        final String match = nextAlias("d");
        append(SELECTED + ".id = ANY(ARRAY(SELECT sorted.id FROM (SELECT both_sets.id, both_sets.candidate,"
            + " both_sets.xpath, min(both_sets.xpath) FILTER (WHERE NOT both_sets.candidate) OVER (PARTITION BY"
            + " both_sets.anchor_id ORDER BY both_sets.xpath DESC, both_sets.candidate DESC ROWS BETWEEN UNBOUNDED"
            + " PRECEDING AND 1 PRECEDING) AS next_match FROM (SELECT " + candidate + ".id, " + candidate
            + ".anchor_id, " + candidate + ".xpath, true AS candidate FROM fragment " + candidate + " WHERE ");
        appendMatch(candidate, ancestorSteps);
        append(" UNION ALL SELECT " + match + ".id, " + match + ".anchor_id, " + match + ".xpath, false FROM fragment "
            + match + " WHERE ");
        appendMatch(match, steps);
        append(") both_sets) sorted WHERE sorted.candidate AND sorted.next_match >= sorted.xpath || '/'"
            + " AND sorted.next_match < sorted.xpath || '0'))");
    }

    /**
     * The conditions for the fragment called alias to be a node the steps select. Each alias repeats
     * the anchor condition: PostgreSQL does not carry "= ANY" across a join, and without it the
     * (anchor_id, ...) indexes could not serve the alias when the planner starts from it.
     */
    private void appendMatch(final String alias, final List<Step> steps) {
        append(alias + ".anchor_id = ANY(?) AND ", (Object) anchorIds);
        appendSchemaPathMatch(alias, steps);
        final Step lastStep = steps.getLast();
        if (lastStep.hasPredicate()) {
            append(" AND ");
            appendCondition(alias, lastStep.predicate());
        }
        final int ancestorStepIndex = nearestStepWithPredicateAbove(steps);
        if (ancestorStepIndex >= 0) {
            final String ancestor = nextAlias("a");
            append(" AND EXISTS (SELECT 1 FROM fragment " + ancestor + " WHERE ");
            appendAncestorRelation(ancestor, alias, steps.subList(ancestorStepIndex + 1, steps.size()));
            append(" AND ");
            appendMatch(ancestor, steps.subList(0, ancestorStepIndex + 1));
            append(")");
        }
    }

    /** The fragment's schema path is one the steps describe; the part after the last '//' goes through the index. */
    private void appendSchemaPathMatch(final String alias, final List<Step> steps) {
        final String reversedSchemaPath = "reverse(" + alias + ".schema_path)";
        final int lastDescendantStep = lastDescendantStepIndex(steps);
        if (lastDescendantStep < 0) {
            append(reversedSchemaPath + " = ?", reverse(schemaPath(steps)));
            return;
        }
        final String reversedSuffix = reverse(schemaPath(steps.subList(lastDescendantStep, steps.size())));
        append(reversedSchemaPath + " >= ? AND " + reversedSchemaPath + " < ?",
            reversedSuffix, rangeEnd(reversedSuffix));
        appendStepsBeforeSuffix(alias + ".schema_path", null, steps);
    }

    /** The ancestor is the node at the step above stepsBetween, the descendant the node at their last step. */
    private void appendAncestorRelation(final String ancestor, final String descendant, final List<Step> stepsBetween) {
        if (stepsBetween.size() == 1 && stepsBetween.getFirst().axis() == Axis.CHILD) {
            append(ancestor + ".id = " + descendant + ".parent_id AND " + ancestor + ".anchor_id = " + descendant
                + ".anchor_id");
            return;
        }
        appendDescendantRange(ancestor, descendant);
        if (lastDescendantStepIndex(stepsBetween) < 0) {
            append(" AND " + descendant + ".schema_path = " + ancestor + ".schema_path || ?", schemaPath(stepsBetween));
        } else {
            appendStepsBeforeSuffix(descendant + ".schema_path", ancestor + ".schema_path", stepsBetween);
        }
    }

    /**
     * What steps with at least one '//' require of a schema path (after base, an ancestor's schema path,
     * when given) once the part after the last '//' is known to match. With one '//' that is a fixed
     * prefix and a minimum length, so that prefix and suffix cannot overlap: /a//b matches /a/b and
     * /a/x/b but /a//a/b does not match /a/b. With more, a regular expression: PostgreSQL rates it
     * cheaper than it is (about 10 microseconds a row) and may test it first, acceptable for such rare paths.
     */
    private void appendStepsBeforeSuffix(final String schemaPath, final String base, final List<Step> steps) {
        final int firstDescendantStep = firstDescendantStepIndex(steps);
        final int lastDescendantStep = lastDescendantStepIndex(steps);
        if (firstDescendantStep != lastDescendantStep) {
            final String subject = base == null ? schemaPath : "substr(" + schemaPath + ", length(" + base + ") + 1)";
            append(" AND " + subject + " ~ ?", "^" + schemaPathRegex(steps) + "$");
            return;
        }
        final String prefix = schemaPath(steps.subList(0, firstDescendantStep));
        final String suffix = schemaPath(steps.subList(lastDescendantStep, steps.size()));
        final String start = base == null ? "" : base + " || ";
        if (!prefix.isEmpty()) {
            append(" AND " + schemaPath + " >= (" + start + "?) AND " + schemaPath + " < (" + start + "?)",
                prefix + "/", rangeEnd(prefix + "/"));
        }
        if (base != null || !prefix.isEmpty()) {
            append(" AND length(" + schemaPath + ") >= " + (base == null ? "" : "length(" + base + ") + ") + "?",
                prefix.length() + suffix.length());
        }
    }

    private void appendDescendantRange(final String ancestor, final String descendant) {
        append(descendant + ".anchor_id = " + ancestor + ".anchor_id"
            + " AND " + descendant + ".xpath >= (" + ancestor + ".xpath || '/')"
            + " AND " + descendant + ".xpath < (" + ancestor + ".xpath || '0')");
    }

    private void appendCondition(final String alias, final Condition condition) {
        final String attributes = alias + ".attributes";
        switch (condition) {
            case Comparison comparison when comparison.operator() == Operator.EQUALS ->
                // text equality serves strings, numbers and booleans alike: 10 is stored as 10, read as '10'
                append(attributes + " ->> ? = ?", comparison.leafName(), comparison.valueText());
            case Comparison comparison ->
                // .double() reads numbers and numeric strings (decimal64 and int64 are strings in YANG JSON);
                // silent mode turns a non-numeric value into no match instead of an error
                append("jsonb_path_exists(" + attributes + " -> ?, '$.double() ? (@ " + comparison.operator().symbol()
                    + " $value)', jsonb_build_object('value', ?::numeric), true)",
                    comparison.leafName(), comparison.value());
            case Contains contains ->
                append(attributes + " ->> ? LIKE ?", contains.leafName(), "%" + escapeLike(contains.value()) + "%");
            case TextEquals textEquals -> appendTextEquals(attributes, textEquals);
            case And and -> appendJoined(alias, and.operands(), " AND ");
            case Or or -> appendJoined(alias, or.operands(), " OR ");
        }
    }

    /** The leaf equals the text or the leaf-list holds it; jsonb @> is equality for scalars, membership for arrays. */
    private void appendTextEquals(final String attributes, final TextEquals textEquals) {
        append("(" + attributes + " -> ? @> to_jsonb(?::text)", textEquals.leafName(), textEquals.value());
        final BigDecimal number = toNumber(textEquals.value());
        if (number != null) {
            append(" OR " + attributes + " -> ? @> to_jsonb(?::numeric)", textEquals.leafName(), number);
        }
        append(")");
    }

    private void appendJoined(final String alias, final List<Condition> operands, final String operator) {
        append("(");
        for (int index = 0; index < operands.size(); index++) {
            if (index > 0) {
                append(operator);
            }
            appendCondition(alias, operands.get(index));
        }
        append(")");
    }

    private void append(final String sqlText, final Object... sqlParameters) {
        sql.append(sqlText);
        parameters.addAll(List.of(sqlParameters));
    }

    private String nextAlias(final String prefix) {
        return prefix + ++aliasCount;
    }

    private SqlQuery build() {
        return new SqlQuery(sql.toString(), parameters);
    }

    private static int nearestStepWithPredicateAbove(final List<Step> steps) {
        for (int index = steps.size() - 2; index >= 0; index--) {
            if (steps.get(index).hasPredicate()) {
                return index;
            }
        }
        return -1;
    }

    private static int firstDescendantStepIndex(final List<Step> steps) {
        for (int index = 0; index < steps.size(); index++) {
            if (steps.get(index).axis() == Axis.DESCENDANT) {
                return index;
            }
        }
        return -1;
    }

    private static int lastDescendantStepIndex(final List<Step> steps) {
        for (int index = steps.size() - 1; index >= 0; index--) {
            if (steps.get(index).axis() == Axis.DESCENDANT) {
                return index;
            }
        }
        return -1;
    }

    private static String schemaPath(final List<Step> steps) {
        return steps.stream().map(step -> "/" + step.name()).collect(Collectors.joining());
    }

    /** Each step as "/name", a descendant step as any number of "/something" before it. */
    private static String schemaPathRegex(final List<Step> steps) {
        final StringBuilder regex = new StringBuilder();
        for (final Step step : steps) {
            regex.append(step.axis() == Axis.DESCENDANT ? "(?:/[^/]+)*/" : "/");
            for (final char character : step.name().toCharArray()) {
                if (!Character.isLetterOrDigit(character) && character != '_') {
                    regex.append('\\');
                }
                regex.append(character);
            }
        }
        return regex.toString();
    }

    /** The end of the range of strings starting with prefix, which ends with '/': '0' follows '/' in "C" order. */
    private static String rangeEnd(final String prefix) {
        return prefix.substring(0, prefix.length() - 1) + '0';
    }

    private static String escapeLike(final String value) {
        return value.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }

    private static String reverse(final String text) {
        return new StringBuilder(text).reverse().toString();
    }

    /** A number PostgreSQL's numeric accepts, or null; only plain decimal notation is taken. */
    private static BigDecimal toNumber(final String text) {
        if (!text.matches("-?[0-9]+(\\.[0-9]+)?")) {
            return null;
        }
        return new BigDecimal(text);
    }
}
