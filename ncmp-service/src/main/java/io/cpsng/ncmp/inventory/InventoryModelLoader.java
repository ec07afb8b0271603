package io.cpsng.ncmp.inventory;

import io.cpsng.cps.api.CpsAnchorService;
import io.cpsng.cps.api.CpsDataService;
import io.cpsng.cps.api.CpsDataspaceService;
import io.cpsng.cps.api.CpsModuleService;
import io.cpsng.cps.api.exceptions.AlreadyDefinedException;
import io.cpsng.cps.api.model.ContentType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.core.io.ClassPathResource;
import org.springframework.stereotype.Component;

/**
 * Creates what the inventory lives in, at start-up, before anything uses it: the NCMP dataspaces,
 * the dmi-registry schema set, its anchor and top node. Every step tolerates "already defined", so
 * restarts and instances starting together are safe.
 */
@Component
public class InventoryModelLoader implements SmartInitializingSingleton {

    private static final Logger LOGGER = LoggerFactory.getLogger(InventoryModelLoader.class);
    private static final String MODEL_FILE = "dmi-registry@2026-01-01.yang";
    private static final String SCHEMA_SET = "dmi-registry-2026-01-01";

    private final CpsDataspaceService cpsDataspaceService;
    private final CpsModuleService cpsModuleService;
    private final CpsAnchorService cpsAnchorService;
    private final CpsDataService cpsDataService;

    InventoryModelLoader(final CpsDataspaceService cpsDataspaceService, final CpsModuleService cpsModuleService,
                         final CpsAnchorService cpsAnchorService, final CpsDataService cpsDataService) {
        this.cpsDataspaceService = cpsDataspaceService;
        this.cpsModuleService = cpsModuleService;
        this.cpsAnchorService = cpsAnchorService;
        this.cpsDataService = cpsDataService;
    }

    @Override
    public void afterSingletonsInstantiated() {
        loadInventoryModel();
    }

    /** Creates whatever of the inventory's dataspaces, schema set, anchor and top node is missing. */
    public void loadInventoryModel() {
        createUnlessDefined(() -> cpsDataspaceService.createDataspace(CmHandleInventory.NCMP_DATASPACE));
        createUnlessDefined(() -> cpsDataspaceService.createDataspace(CmHandleInventory.NFP_OPERATIONAL_DATASPACE));
        createUnlessDefined(() -> cpsModuleService.createSchemaSet(CmHandleInventory.NCMP_DATASPACE, SCHEMA_SET,
            Map.of(MODEL_FILE, readModel())));
        createUnlessDefined(() -> cpsAnchorService.createAnchor(CmHandleInventory.NCMP_DATASPACE, SCHEMA_SET,
            CmHandleInventory.REGISTRY_ANCHOR));
        createUnlessDefined(() -> cpsDataService.saveData(CmHandleInventory.NCMP_DATASPACE,
            CmHandleInventory.REGISTRY_ANCHOR, "/", "{\"dmi-registry:dmi-registry\": {}}", ContentType.JSON));
        LOGGER.info("NCMP inventory model ready");
    }

    private static void createUnlessDefined(final Runnable create) {
        try {
            create.run();
        } catch (final AlreadyDefinedException alreadyThere) {
            LOGGER.debug("Already defined: {}", alreadyThere.getDetails());
        }
    }

    private static String readModel() {
        try {
            return new ClassPathResource("yang/" + MODEL_FILE).getContentAsString(StandardCharsets.UTF_8);
        } catch (final IOException missing) {
            throw new UncheckedIOException("The dmi-registry model is missing from the class path", missing);
        }
    }
}
