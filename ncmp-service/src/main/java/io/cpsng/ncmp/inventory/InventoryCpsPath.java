package io.cpsng.ncmp.inventory;

import io.cpsng.cps.path.CpsPathParser;
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
import io.cpsng.ncmp.api.exceptions.InvalidInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import tools.jackson.databind.json.JsonMapper;

/**
 * A cmHandleWithCpsPath search as one condition on the handle's ncmp_cm_handle row: the handles that are, or
 * hold, what the cps-path selects in the dmi-registry model ({@link RegistryNode}).
 *
 * <p>All steps of a path lie on one branch of the model, below one handle, so every predicate of the path
 * (on any step, ancestor steps included) is a condition on that same handle. A property list is the only node
 * with several instances per handle: its predicate must hold for one entry, which
 * {@code [@name='k' and @value='v']} asks through jsonb containment (served by the GIN index) and other
 * predicates through EXISTS over the entries. Malformed paths fail in the parser with DataValidationException;
 * paths outside the model fail here with InvalidInputException, saying what the model offers.
 */
final class InventoryCpsPath {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String NAME = "name";
    private static final String VALUE = "value";
    private static final String SUPPORTED = "it supports the dmi-registry model: " + modelDescription()
        + ", with '=' and contains() conditions joined by and/or on any step, '//' steps, ancestor:: steps"
        + " within a handle and a trailing /@leaf";

    private final String cpsPath;
    private final boolean additionalPropertiesVisible;

    private InventoryCpsPath(final String cpsPath, final boolean additionalPropertiesVisible) {
        this.cpsPath = cpsPath;
        this.additionalPropertiesVisible = additionalPropertiesVisible;
    }

    /** A step resolved to its model node; its predicate may be null. */
    private record ModelStep(RegistryNode node, Condition predicate) {
    }

    /**
     * The condition meaning "the handle is, or holds, what the cps-path selects". Additional properties are
     * private to the inventory interface: when they are not visible a path reaching them matches no handle.
     */
    static SqlCondition toSqlCondition(final String cpsPath, final boolean additionalPropertiesVisible) {
        return new InventoryCpsPath(cpsPath, additionalPropertiesVisible).translate(CpsPathParser.parse(cpsPath));
    }

    private SqlCondition translate(final CpsPathQuery query) {
        final List<ModelStep> modelSteps = resolveMainSteps(query.steps());
        if (query.hasAncestorAxis()) {
            modelSteps.addAll(resolveAncestorSteps(query.ancestorSteps(), modelSteps.getLast().node()));
        }
        final RegistryNode selectedNode = modelSteps.getLast().node();
        if (selectedNode == RegistryNode.DMI_REGISTRY) {
            throw unsupported("it selects the registry itself, which is no CM handle");
        }
        if (query.hasLeafName() && selectedNode.leafSql(query.leafName()) == null) {
            throw unsupported(unknownLeaf(selectedNode, query.leafName()));
        }
        final List<SqlCondition> conditions = new ArrayList<>();
        for (int index = 0; index < modelSteps.size(); index++) {
            final String heldLeafName = index == modelSteps.size() - 1 ? query.leafName() : null;
            conditions.add(toSqlCondition(modelSteps.get(index), heldLeafName));
        }
        final boolean reachesPrivateData = modelSteps.stream()
            .anyMatch(modelStep -> modelStep.node() == RegistryNode.ADDITIONAL_PROPERTIES);
        return reachesPrivateData && !additionalPropertiesVisible ? SqlCondition.FALSE : SqlCondition.and(conditions);
    }

    private List<ModelStep> resolveMainSteps(final List<Step> steps) {
        final List<ModelStep> modelSteps = new ArrayList<>();
        for (final Step step : steps) {
            final RegistryNode node = nodeNamed(step.name());
            if (modelSteps.isEmpty()) {
                if (step.axis() == Axis.CHILD && node != RegistryNode.DMI_REGISTRY) {
                    throw unsupported("an absolute path starts at /dmi-registry, not at /" + step.name());
                }
            } else {
                checkBelow(step, node, modelSteps.getLast().node());
            }
            modelSteps.add(new ModelStep(node, step.predicate()));
        }
        return modelSteps;
    }

    /** The first ancestor step names a node above the selected one; the steps after it go down again. */
    private List<ModelStep> resolveAncestorSteps(final List<Step> ancestorSteps, final RegistryNode selectedNode) {
        final List<ModelStep> modelSteps = new ArrayList<>();
        for (final Step step : ancestorSteps) {
            final RegistryNode node = nodeNamed(step.name());
            if (node == RegistryNode.DMI_REGISTRY) {
                // below the registry lie all handles: what a path found there is no condition on one handle
                throw unsupported("ancestor::dmi-registry leaves the CM handle; ancestors within a handle are supported");
            }
            if (modelSteps.isEmpty()) {
                if (!selectedNode.isBelow(node)) {
                    throw unsupported("'" + step.name() + "' is no ancestor of '" + selectedNode.nodeName() + "'");
                }
            } else {
                checkBelow(step, node, modelSteps.getLast().node());
            }
            modelSteps.add(new ModelStep(node, step.predicate()));
        }
        return modelSteps;
    }

    private void checkBelow(final Step step, final RegistryNode node, final RegistryNode previousNode) {
        final boolean related = step.axis() == Axis.CHILD ? node.parent() == previousNode : node.isBelow(previousNode);
        if (!related) {
            throw unsupported("'" + step.name() + "' is no " + (step.axis() == Axis.CHILD ? "child" : "descendant")
                + " of '" + previousNode.nodeName() + "'");
        }
    }

    private RegistryNode nodeNamed(final String nodeName) {
        return RegistryNode.named(nodeName).orElseThrow(() -> unsupported("the model has no node '" + nodeName + "'"));
    }

    /** The handle has the node, the node meets its predicate and, when asked, holds the leaf. */
    private SqlCondition toSqlCondition(final ModelStep modelStep, final String heldLeafName) {
        final RegistryNode node = modelStep.node();
        if (node.isPropertyList()) {
            return toPropertyCondition(node, modelStep.predicate(), heldLeafName);
        }
        final List<SqlCondition> conditions = new ArrayList<>();
        conditions.add(SqlCondition.of(node.presentSql()));
        if (modelStep.predicate() != null) {
            conditions.add(toLeafCondition(node, modelStep.predicate()));
        }
        if (heldLeafName != null) {
            conditions.add(SqlCondition.of(node.leafSql(heldLeafName) + " is not null"));
        }
        return SqlCondition.and(conditions);
    }

    /**
     * One entry of the list meets the predicate. A name and value pair is a containment the GIN index
     * (jsonb_path_ops) serves; a name alone a key test (jsonb_exists: the jsonb ? operator would be a JDBC
     * bind marker); anything else an EXISTS over the entries.
     */
    private SqlCondition toPropertyCondition(final RegistryNode propertyList, final Condition predicate,
                                             final String heldLeafName) {
        final String column = propertyList.propertiesColumn();
        final boolean valueRequired = VALUE.equals(heldLeafName);
        final Map<String, String> pair = nameValuePairOf(predicate);
        if (pair != null) {
            return SqlCondition.of(column + " @> ?::jsonb", JSON.writeValueAsString(pair));
        }
        if (predicate == null && !valueRequired) {
            return SqlCondition.of(column + " <> '{}'::jsonb");
        }
        if (predicate instanceof Comparison comparison && isEquality(comparison, NAME) && !valueRequired) {
            return SqlCondition.of("jsonb_exists(" + column + ", ?)", comparison.valueText());
        }
        final List<SqlCondition> entryConditions = new ArrayList<>();
        if (predicate != null) {
            entryConditions.add(toLeafCondition(propertyList, predicate));
        }
        if (valueRequired) {
            entryConditions.add(SqlCondition.of("p.value is not null"));
        }
        final SqlCondition entryCondition = SqlCondition.and(entryConditions);
        return new SqlCondition("exists (select 1 from jsonb_each_text(" + column + ") p where "
            + entryCondition.sql() + ")", entryCondition.parameters());
    }

    private SqlCondition toLeafCondition(final RegistryNode node, final Condition condition) {
        return switch (condition) {
            case Comparison comparison -> {
                if (comparison.operator() != Operator.EQUALS) {
                    throw unsupported("'" + comparison.operator().symbol() + "' compares numbers and the leaves of"
                        + " the model are text; use '=' or contains()");
                }
                yield SqlCondition.of(leafSql(node, comparison.leafName()) + " = ?", comparison.valueText());
            }
            case Contains contains -> SqlCondition.of(leafSql(node, contains.leafName()) + " like ? escape '\\'",
                "%" + escapeLike(contains.value()) + "%");
            case TextEquals textEquals -> throw unsupported("text() conditions select leaf-list values and the"
                + " model has no leaf-lists; use [@" + textEquals.leafName() + "='...'] on '" + node.nodeName() + "'");
            case And and -> SqlCondition.and(and.operands().stream()
                .map(operand -> toLeafCondition(node, operand)).toList());
            case Or or -> SqlCondition.or(or.operands().stream()
                .map(operand -> toLeafCondition(node, operand)).toList());
        };
    }

    private String leafSql(final RegistryNode node, final String leafName) {
        final String leafSql = node.leafSql(leafName);
        if (leafSql == null) {
            throw unsupported(unknownLeaf(node, leafName));
        }
        return leafSql;
    }

    /** The name and value of [@name='k' and @value='v'], in either order; null for any other predicate. */
    private static Map<String, String> nameValuePairOf(final Condition predicate) {
        if (!(predicate instanceof And and) || and.operands().size() != 2
            || !(and.operands().getFirst() instanceof Comparison first)
            || !(and.operands().getLast() instanceof Comparison last)) {
            return null;
        }
        if (isEquality(first, NAME) && isEquality(last, VALUE)) {
            return Map.of(first.valueText(), last.valueText());
        }
        if (isEquality(first, VALUE) && isEquality(last, NAME)) {
            return Map.of(last.valueText(), first.valueText());
        }
        return null;
    }

    private static boolean isEquality(final Comparison comparison, final String leafName) {
        return comparison.operator() == Operator.EQUALS && comparison.leafName().equals(leafName);
    }

    /** LIKE treats % and _ as wildcards: escaped, contains() finds them as the characters they are. */
    static String escapeLike(final String text) {
        return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }

    private static String unknownLeaf(final RegistryNode node, final String leafName) {
        return "'" + node.nodeName() + "' has no leaf '" + leafName + "'";
    }

    private InvalidInputException unsupported(final String reason) {
        return new InvalidInputException("Unsupported cps-path", "cps-path " + cpsPath
            + " is not supported by the inventory: " + reason + "; " + SUPPORTED);
    }

    /** Each node below the registry by its path, with its leaves: /dmi-registry/cm-handles[@id, ...], ... */
    private static String modelDescription() {
        return Arrays.stream(RegistryNode.values())
            .filter(node -> node != RegistryNode.DMI_REGISTRY)
            .filter(node -> !node.leafNames().isEmpty())
            .map(node -> pathOf(node) + node.leafNames().stream().sorted().map(leafName -> "@" + leafName)
                .collect(Collectors.joining(", ", "[", "]")))
            .collect(Collectors.joining(", "));
    }

    private static String pathOf(final RegistryNode node) {
        return node.parent() == null ? "/" + node.nodeName() : pathOf(node.parent()) + "/" + node.nodeName();
    }
}
