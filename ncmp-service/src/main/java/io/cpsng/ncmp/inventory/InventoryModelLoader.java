package io.cpsng.ncmp.inventory;

import io.cpsng.cps.api.CpsDataspaceService;
import io.cpsng.cps.api.exceptions.AlreadyDefinedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.stereotype.Component;

/**
 * Creates what of the store the inventory uses, at start-up, before anything uses it: the dataspace holding the
 * handles' module sets. "Already defined" counts as done, so restarts and instances starting together are safe.
 * The dmi-registry model (resources/yang) is no longer stored: it stays as the schema that cmHandleWithCpsPath
 * searches are written against, translated to SQL on the inventory table.
 */
@Component
public class InventoryModelLoader implements SmartInitializingSingleton {

    /** Where handles' module sets live: a schema set per module set; handles name theirs in their row. */
    public static final String NFP_OPERATIONAL_DATASPACE = "NFP-Operational";

    private static final Logger LOGGER = LoggerFactory.getLogger(InventoryModelLoader.class);

    private final CpsDataspaceService cpsDataspaceService;

    InventoryModelLoader(final CpsDataspaceService cpsDataspaceService) {
        this.cpsDataspaceService = cpsDataspaceService;
    }

    @Override
    public void afterSingletonsInstantiated() {
        loadInventoryModel();
    }

    /** Creates the dataspace of module sets unless it exists; the inventory itself is NCMP's own table. */
    public void loadInventoryModel() {
        try {
            cpsDataspaceService.createDataspace(NFP_OPERATIONAL_DATASPACE);
        } catch (final AlreadyDefinedException alreadyThere) {
            LOGGER.debug("Already defined: {}", alreadyThere.getDetails());
        }
        LOGGER.info("NCMP inventory model ready");
    }
}
