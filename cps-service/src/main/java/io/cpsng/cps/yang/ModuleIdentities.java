package io.cpsng.cps.yang;

import io.cpsng.cps.api.model.ModuleIdentity;
import java.util.HashMap;
import java.util.Map;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.Module;

/** The modules of a model by their QName module and by namespace; immutable once built. */
final class ModuleIdentities {

    private final Map<QNameModule, ModuleIdentity> moduleIdentityByQNameModule = new HashMap<>();
    private final Map<String, String> moduleNameByNamespace = new HashMap<>();

    ModuleIdentities(final EffectiveModelContext modelContext) {
        for (final Module module : modelContext.getModules()) {
            final String namespace = module.getNamespace().toString();
            moduleIdentityByQNameModule.put(module.getQNameModule(),
                new ModuleIdentity(module.getName(), module.getPrefix(), namespace));
            moduleNameByNamespace.putIfAbsent(namespace, module.getName());
        }
    }

    ModuleIdentity identityOf(final QNameModule qnameModule) {
        return moduleIdentityByQNameModule.get(qnameModule);
    }

    String nameOf(final QNameModule qnameModule) {
        final ModuleIdentity moduleIdentity = moduleIdentityByQNameModule.get(qnameModule);
        return moduleIdentity == null ? qnameModule.namespace().toString() : moduleIdentity.name();
    }

    /** The module name for a namespace, or null if no module of the model has it. */
    String nameOfNamespace(final String namespace) {
        return moduleNameByNamespace.get(namespace);
    }
}
