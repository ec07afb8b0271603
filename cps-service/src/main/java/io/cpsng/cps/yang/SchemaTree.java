package io.cpsng.cps.yang;

import io.cpsng.cps.api.exceptions.DataValidationException;
import io.cpsng.cps.api.model.ModuleIdentity;
import io.cpsng.cps.path.Xpaths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.model.api.CaseSchemaNode;
import org.opendaylight.yangtools.yang.model.api.ChoiceSchemaNode;
import org.opendaylight.yangtools.yang.model.api.ContainerSchemaNode;
import org.opendaylight.yangtools.yang.model.api.DataNodeContainer;
import org.opendaylight.yangtools.yang.model.api.DataSchemaNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.EffectiveStatementInference;
import org.opendaylight.yangtools.yang.model.api.ListSchemaNode;
import org.opendaylight.yangtools.yang.model.util.SchemaInferenceStack;

/**
 * Finds schema nodes the way xpaths name them: by local name, looking through choice and case.
 * Resolved parents are cached by their schema path; the cache is bounded by the size of the model.
 */
final class SchemaTree {

    private final EffectiveModelContext modelContext;
    private final ModuleIdentities moduleIdentities;
    private final SchemaParent topParent;
    private final Map<String, SchemaParent> parentBySchemaPath = new ConcurrentHashMap<>();
    // the module of each top-level name found: every node read asks it, and the search went through the model's
    // children each time (an eighth of a single-entry read's Java work); bounded by the model's top-level names
    private final Map<String, ModuleIdentity> topLevelModuleByName = new ConcurrentHashMap<>();

    /** Where parsed data go: the schema path (data-tree QNames) and node of the parent; empty for the top. */
    record SchemaParent(List<QName> path, List<Boolean> listSteps, DataNodeContainer node,
                        EffectiveStatementInference inference) {

        boolean isTop() {
            return path.isEmpty();
        }
    }

    SchemaTree(final EffectiveModelContext modelContext, final ModuleIdentities moduleIdentities) {
        this.modelContext = modelContext;
        this.moduleIdentities = moduleIdentities;
        this.topParent = new SchemaParent(List.of(), List.of(), modelContext, null);
    }

    ModuleIdentity topLevelModuleOf(final String xpath) {
        if (Xpaths.isRoot(xpath)) {
            return null;
        }
        final List<String> stepNames = Xpaths.stepNames(xpath);
        if (stepNames.isEmpty()) {
            return null;
        }
        final String topName = localName(stepNames.getFirst());
        final ModuleIdentity found = topLevelModuleByName.get(topName);
        if (found != null) {
            return found;
        }
        final DataSchemaNode topNode = findChild(modelContext, topName, null);
        if (topNode == null) {
            return null;
        }
        final ModuleIdentity module = moduleIdentities.identityOf(topNode.getQName().getModule());
        if (module != null) {
            topLevelModuleByName.put(topName, module);
        }
        return module;
    }

    /** The schema parent of data sent for a canonical parent xpath: "/" or a container or list entry. */
    SchemaParent parentOf(final String parentXpath) {
        if (Xpaths.isRoot(parentXpath)) {
            return topParent;
        }
        final SchemaParent schemaParent = parentBySchemaPath.computeIfAbsent(Xpaths.schemaPath(parentXpath),
            schemaPath -> resolveParent(parentXpath));
        verifyListEntriesHaveKeys(parentXpath, schemaParent);
        return schemaParent;
    }

    /** A child of the parent, by local name and (if given) namespace; null if there is none. */
    DataSchemaNode childOf(final SchemaParent schemaParent, final String localName, final String namespace) {
        return findChild(schemaParent.node(), localName, namespace);
    }

    EffectiveStatementInference inferenceOf(final SchemaParent schemaParent, final DataSchemaNode child) {
        final List<QName> childPath = new ArrayList<>(schemaParent.path());
        childPath.add(child.getQName());
        return SchemaInferenceStack.ofDataTreePath(modelContext, childPath.toArray(QName[]::new)).toInference();
    }

    private SchemaParent resolveParent(final String parentXpath) {
        final List<QName> path = new ArrayList<>();
        final List<Boolean> listSteps = new ArrayList<>();
        DataNodeContainer current = modelContext;
        String currentXpath = "";
        for (final String stepName : Xpaths.stepNames(parentXpath)) {
            final DataSchemaNode child = findChild(current, localName(stepName), null);
            if (child == null) {
                throw invalidParent(parentXpath, "there is no node " + localName(stepName) + " under "
                    + (currentXpath.isEmpty() ? "/" : currentXpath) + " in the model");
            }
            if (!(child instanceof ContainerSchemaNode || child instanceof ListSchemaNode)) {
                throw invalidParent(parentXpath, "node " + currentXpath + "/" + localName(stepName)
                    + " is neither a container nor a list, so it cannot hold data nodes");
            }
            path.add(child.getQName());
            listSteps.add(child instanceof ListSchemaNode);
            current = (DataNodeContainer) child;
            currentXpath = currentXpath + "/" + localName(stepName);
        }
        final EffectiveStatementInference inference = SchemaInferenceStack.ofDataTreePath(modelContext,
            path.toArray(QName[]::new)).toInference();
        return new SchemaParent(List.copyOf(path), List.copyOf(listSteps), current, inference);
    }

    /** Data below a list belong to one of its entries, which only the entry's keys can name. */
    private static void verifyListEntriesHaveKeys(final String parentXpath, final SchemaParent schemaParent) {
        final List<String> steps = new ArrayList<>();
        for (String xpath = parentXpath; !Xpaths.isRoot(xpath); xpath = Xpaths.parentXpath(xpath)) {
            steps.addFirst(Xpaths.lastStep(xpath));
        }
        if (steps.size() != schemaParent.listSteps().size()) {
            throw invalidParent(parentXpath, "it is not in canonical form (an empty step?)");
        }
        for (int index = 0; index < steps.size(); index++) {
            if (schemaParent.listSteps().get(index) && !Xpaths.isListEntry(steps.get(index))) {
                throw invalidParent(parentXpath, "step " + steps.get(index) + " names a list, not one of its"
                    + " entries: add the entry's keys as a predicate");
            }
        }
    }

    /** Searches the data children of the parent, and of its choices' cases, depth first in schema order. */
    private static DataSchemaNode findChild(final DataNodeContainer parent, final String localName,
                                            final String namespace) {
        for (final DataSchemaNode child : parent.getChildNodes()) {
            if (child instanceof ChoiceSchemaNode choice) {
                for (final CaseSchemaNode caseNode : choice.getCases()) {
                    final DataSchemaNode found = findChild(caseNode, localName, namespace);
                    if (found != null) {
                        return found;
                    }
                }
            } else if (child.getQName().getLocalName().equals(localName)
                && (namespace == null || namespace.isEmpty()
                    || child.getQName().getNamespace().toString().equals(namespace))) {
                return child;
            }
        }
        return null;
    }

    /** Xpath steps are local names; a module prefix, if a client sends one, is ignored. */
    private static String localName(final String stepName) {
        final int colon = stepName.indexOf(':');
        return colon < 0 ? stepName : stepName.substring(colon + 1);
    }

    private static DataValidationException invalidParent(final String parentXpath, final String reason) {
        return new DataValidationException(DataParser.INVALID_DATA,
            "Parent xpath " + parentXpath + " does not fit the model: " + reason);
    }
}
