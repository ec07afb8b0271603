package io.cpsng.ncmp.modulesync;

import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.inventory.ModuleSyncRows.ClaimedWork;

/** A claimed handle, as the claim returned it: what one batch syncs or upgrades. */
record HandleToSync(ClaimedWork work) {

    CmHandle cmHandle() {
        return work.cmHandle();
    }

    String id() {
        return work.cmHandleId();
    }

    /** The tag whose module set the handle gets: the upgrade's target, or its own. */
    String targetTag() {
        return work.isUpgrade() ? work.upgradeModuleSetTag() : cmHandle().moduleSetTag();
    }

    /** The handle as the DMI is asked about it and as it is stored when done: with the target tag. */
    CmHandle withTargetTag() {
        if (!work.isUpgrade()) {
            return cmHandle();
        }
        return new CmHandle(cmHandle().id(), cmHandle().dmiServiceName(), cmHandle().dmiDataServiceName(),
            cmHandle().dmiModelServiceName(), cmHandle().additionalProperties(), cmHandle().publicProperties(),
            work.upgradeModuleSetTag(), cmHandle().alternateId(), cmHandle().dataProducerIdentifier(),
            cmHandle().trustLevel(), cmHandle().state());
    }

    /** The number of this attempt, counting from 1. */
    int attemptNumber() {
        return work.attempt() + 1;
    }
}
