package io.cpsng.cps.tree;

import io.cpsng.cps.api.model.DataNode;
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
import io.cpsng.cps.path.Xpaths;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * A cps-path evaluated over the nodes of one data tree in memory, with the meaning the store's SQL gives it
 * (CpsPathSqlBuilder): a condition holds for the node at its own step; {@code =} compares the leaf's text, so 10 and
 * '10' are equal; {@code <}, {@code >} and the like compare numbers and numeric strings, and hold for a leaf-list when
 * one of its values does; {@code text()} is string equality, or numeric equality for a number, or membership in a
 * leaf-list; {@code ancestor::} selects the ancestors of the matches that its own steps match. Results in document
 * order, each node once; a trailing {@code /@leaf} selects the nodes, as in the store.
 */
final class CpsPathMatcher {

    private static final Pattern PLAIN_NUMBER = Pattern.compile("-?[0-9]+(\\.[0-9]+)?");

    private final List<DataNode> topLevelNodes;
    private final List<DataNode> inDocumentOrder = new ArrayList<>();
    private final Map<DataNode, Integer> positions = new IdentityHashMap<>();
    private final Map<DataNode, DataNode> parents = new IdentityHashMap<>();
    private final Map<DataNode, String> names = new IdentityHashMap<>();

    CpsPathMatcher(final List<DataNode> topLevelNodes) {
        this.topLevelNodes = topLevelNodes;
        topLevelNodes.forEach(node -> index(null, node));
    }

    private void index(final DataNode parent, final DataNode node) {
        positions.put(node, inDocumentOrder.size());
        inDocumentOrder.add(node);
        names.put(node, Xpaths.lastStepName(node.xpath()));
        if (parent != null) {
            parents.put(node, parent);
        }
        node.childDataNodes().forEach(child -> index(node, child));
    }

    List<DataNode> matches(final CpsPathQuery cpsPathQuery) {
        Collection<DataNode> selected = select(cpsPathQuery.steps());
        if (cpsPathQuery.hasAncestorAxis()) {
            final Set<DataNode> ancestors = identitySet();
            for (final DataNode match : selected) {
                for (DataNode parent = parents.get(match); parent != null; parent = parents.get(parent)) {
                    ancestors.add(parent);
                }
            }
            final Set<DataNode> matchingAncestors = select(cpsPathQuery.ancestorSteps());
            matchingAncestors.retainAll(ancestors);
            selected = matchingAncestors;
        }
        final List<DataNode> ordered = new ArrayList<>(selected);
        ordered.sort(Comparator.comparingInt(positions::get));
        return ordered;
    }

    private Set<DataNode> select(final List<Step> steps) {
        Set<DataNode> current = null;
        for (final Step step : steps) {
            final Set<DataNode> next = identitySet();
            if (current == null) {
                addMatching(step, step.axis() == Axis.CHILD ? topLevelNodes : inDocumentOrder, next);
            } else {
                for (final DataNode node : current) {
                    if (step.axis() == Axis.CHILD) {
                        addMatching(step, node.childDataNodes(), next);
                    } else {
                        addMatchingDescendants(step, node, next);
                    }
                }
            }
            current = next;
        }
        return current;
    }

    private void addMatchingDescendants(final Step step, final DataNode node, final Set<DataNode> matches) {
        for (final DataNode child : node.childDataNodes()) {
            if (matches(step, child)) {
                matches.add(child);
            }
            addMatchingDescendants(step, child, matches);
        }
    }

    private void addMatching(final Step step, final List<DataNode> candidates, final Set<DataNode> matches) {
        for (final DataNode candidate : candidates) {
            if (matches(step, candidate)) {
                matches.add(candidate);
            }
        }
    }

    private boolean matches(final Step step, final DataNode node) {
        return step.name().equals(names.get(node)) && (!step.hasPredicate() || holds(step.predicate(), node));
    }

    private static boolean holds(final Condition condition, final DataNode node) {
        return switch (condition) {
            case Comparison comparison when comparison.operator() == Operator.EQUALS ->
                comparison.valueText().equals(text(node.leaves().get(comparison.leafName())));
            case Comparison comparison -> anyValue(node.leaves().get(comparison.leafName()),
                value -> compares(value, comparison.operator(), (BigDecimal) comparison.value()));
            case Contains contains -> anyValue(node.leaves().get(contains.leafName()),
                value -> text(value).contains(contains.value()));
            case TextEquals textEquals -> anyValue(node.leaves().get(textEquals.leafName()),
                value -> textEquals(value, textEquals.value()));
            case And and -> and.operands().stream().allMatch(operand -> holds(operand, node));
            case Or or -> or.operands().stream().anyMatch(operand -> holds(operand, node));
        };
    }

    private static boolean anyValue(final Object leaf, final Predicate<Object> test) {
        if (leaf instanceof List<?> values) {
            return values.stream().anyMatch(test);
        }
        return leaf != null && test.test(leaf);
    }

    /** The leaf as PostgreSQL's ->> gives it: null for none, numbers and booleans as written in JSON. */
    private static String text(final Object value) {
        return switch (value) {
            case null -> null;
            case String string -> string;
            case BigDecimal decimal -> decimal.toPlainString();
            default -> String.valueOf(value);
        };
    }

    private static boolean compares(final Object value, final Operator operator, final BigDecimal operand) {
        final BigDecimal number = numberOf(value);
        if (number == null) {
            return false;
        }
        final int comparison = number.compareTo(operand);
        return switch (operator) {
            case LESS_THAN -> comparison < 0;
            case LESS_THAN_OR_EQUAL -> comparison <= 0;
            case GREATER_THAN -> comparison > 0;
            case GREATER_THAN_OR_EQUAL -> comparison >= 0;
            case EQUALS -> comparison == 0;
        };
    }

    /** A number, or a string holding one (decimal64 and int64 are strings in YANG JSON); anything else none. */
    private static BigDecimal numberOf(final Object value) {
        try {
            return switch (value) {
                case BigDecimal decimal -> decimal;
                case Number number -> new BigDecimal(number.toString());
                case String string -> new BigDecimal(string.trim());
                default -> null;
            };
        } catch (final NumberFormatException notANumber) {
            return null;
        }
    }

    private static boolean textEquals(final Object value, final String text) {
        if (value instanceof String string) {
            return string.equals(text);
        }
        if (value instanceof Number && PLAIN_NUMBER.matcher(text).matches()) {
            return numberOf(value).compareTo(new BigDecimal(text)) == 0;
        }
        return false;
    }

    private static Set<DataNode> identitySet() {
        return Collections.newSetFromMap(new IdentityHashMap<>());
    }
}
