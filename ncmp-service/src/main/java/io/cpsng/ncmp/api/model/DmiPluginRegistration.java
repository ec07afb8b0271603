package io.cpsng.ncmp.api.model;

import java.util.List;

/**
 * One registration request of a DMI plugin: handles to remove, create, update and upgrade, processed
 * in that order. Created handles take the plugin names of the request, those of their data jobs included (none:
 * their data jobs go to their data plugin).
 */
public record DmiPluginRegistration(String dmiPlugin, String dmiDataPlugin, String dmiModelPlugin,
                                    String dmiDatajobsReadPlugin, String dmiDatajobsWritePlugin,
                                    List<CmHandle> createdCmHandles, List<CmHandle> updatedCmHandles,
                                    List<String> removedCmHandles, UpgradedCmHandles upgradedCmHandles) {

    public DmiPluginRegistration {
        createdCmHandles = createdCmHandles == null ? List.of() : createdCmHandles;
        updatedCmHandles = updatedCmHandles == null ? List.of() : updatedCmHandles;
        removedCmHandles = removedCmHandles == null ? List.of() : removedCmHandles;
        upgradedCmHandles = upgradedCmHandles == null ? new UpgradedCmHandles(List.of(), null) : upgradedCmHandles;
    }

    /** Handles to move to another module set. */
    public record UpgradedCmHandles(List<String> cmHandles, String moduleSetTag) {

        public UpgradedCmHandles {
            cmHandles = cmHandles == null ? List.of() : cmHandles;
        }
    }
}
