package io.cpsng.cps.path;

import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;

/**
 * A parsed cps-path: the steps selecting data nodes, an optional ancestor part choosing ancestors of
 * those nodes instead, and an optional trailing leaf whose values are wanted rather than the nodes.
 * Built by {@link CpsPathParser}; every name in it is a YANG identifier without module prefix.
 *
 * <p>A {@code text()} step such as {@code //books/authors[text()='x']} names a leaf, not a node, so
 * the parser folds it into its parent step as a {@link TextEquals} condition: the query above is
 * {@code //books} with the condition "authors is or contains 'x'".
 *
 * @param steps         the main path, at least one step; the first step's axis says whether it is
 *                      absolute ({@code /a}) or descendant ({@code //a})
 * @param ancestorSteps the path after {@code ancestor::}, empty when there is none; its first step
 *                      has axis {@link Axis#DESCENDANT} since it may start anywhere above the nodes
 * @param leafName      the leaf after a trailing {@code /@}, or null
 */
public record CpsPathQuery(List<Step> steps, List<Step> ancestorSteps, String leafName) {

    public CpsPathQuery {
        steps = List.copyOf(steps);
        ancestorSteps = List.copyOf(ancestorSteps);
        if (steps.isEmpty()) {
            throw new IllegalArgumentException("a cps-path has at least one step");
        }
    }

    /** How a step relates to the one before it: {@code /name} or {@code //name}. */
    public enum Axis { CHILD, DESCENDANT }

    /** One step of a path: a container or list name and the condition its nodes must meet, or null. */
    public record Step(Axis axis, String name, Condition predicate) {

        public Step {
            Objects.requireNonNull(axis);
            Objects.requireNonNull(name);
        }

        public boolean hasPredicate() {
            return predicate != null;
        }
    }

    /** A predicate, or part of one. */
    public sealed interface Condition permits Comparison, Contains, TextEquals, And, Or {
    }

    /** {@code @leaf op value}; the value is a String when quoted, a BigDecimal when written as a number. */
    public record Comparison(String leafName, Operator operator, Object value) implements Condition {

        public Comparison {
            Objects.requireNonNull(leafName);
            Objects.requireNonNull(operator);
            if (!(value instanceof String) && !(value instanceof BigDecimal)) {
                throw new IllegalArgumentException("a comparison value is a String or a BigDecimal: " + value);
            }
        }

        /** The value as text, numbers in plain notation (as written, less leading zeros). */
        public String valueText() {
            return value instanceof BigDecimal number ? number.toPlainString() : (String) value;
        }
    }

    /** {@code contains(@leaf, 'value')}: the leaf's text contains the value. */
    public record Contains(String leafName, String value) implements Condition {
    }

    /** {@code leaf[text()='value']} folded into the parent: the leaf equals, or the leaf-list contains, the value. */
    public record TextEquals(String leafName, String value) implements Condition {
    }

    /** All operands hold; at least two of them. */
    public record And(List<Condition> operands) implements Condition {

        public And {
            operands = List.copyOf(operands);
        }
    }

    /** At least one operand holds; at least two of them. */
    public record Or(List<Condition> operands) implements Condition {

        public Or {
            operands = List.copyOf(operands);
        }
    }

    /** The comparison operators; all but {@link #EQUALS} need a number. */
    public enum Operator {
        EQUALS("="), LESS_THAN("<"), LESS_THAN_OR_EQUAL("<="), GREATER_THAN(">"), GREATER_THAN_OR_EQUAL(">=");

        private final String symbol;

        Operator(final String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }
    }

    public boolean hasAncestorAxis() {
        return !ancestorSteps.isEmpty();
    }

    public boolean hasLeafName() {
        return leafName != null;
    }

    /** The steps whose last one names the nodes the query returns: the ancestor part when there is one. */
    public List<Step> selectedSteps() {
        return hasAncestorAxis() ? ancestorSteps : steps;
    }

    /**
     * True when this is a data-node xpath as GET and DELETE take it: absolute, child steps only, and
     * predicates that are equality conditions joined by {@code and}, such as list keys.
     */
    public boolean isPlainXpath() {
        return !hasAncestorAxis() && !hasLeafName()
            && steps.stream().allMatch(step -> step.axis() == Axis.CHILD
                && (!step.hasPredicate() || isEqualityConjunction(step.predicate())));
    }

    private static boolean isEqualityConjunction(final Condition condition) {
        return switch (condition) {
            case Comparison comparison -> comparison.operator() == Operator.EQUALS;
            case And and -> and.operands().stream().allMatch(CpsPathQuery::isEqualityConjunction);
            default -> false;
        };
    }
}
