package io.cpsng.management;

import io.cpsng.ncmp.api.NcmpModuleSyncService;
import io.cpsng.ncmp.api.exceptions.InvalidInputException;
import io.cpsng.ncmp.api.model.ModuleSyncSettings;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.stereotype.Component;

/**
 * /actuator/modulesync: GET answers this instance's module-sync settings, POST {"parallelism": 8} sets the
 * batches it syncs at once from its next round on and answers the settings then. Errors are answered by
 * {@code RestExceptionHandler} like those of the REST API: the actuator runs in the same dispatcher servlet.
 */
@Component
@Endpoint(id = "modulesync")
class ModuleSyncEndpoint {

    private final NcmpModuleSyncService ncmpModuleSyncService;

    ModuleSyncEndpoint(final NcmpModuleSyncService ncmpModuleSyncService) {
        this.ncmpModuleSyncService = ncmpModuleSyncService;
    }

    @ReadOperation
    ModuleSyncSettings settings() {
        return ncmpModuleSyncService.settings();
    }

    /**
     * Takes the value as text: as an int, a value that is no number would be refused by the actuator with
     * "Parameter mapping failure", which names neither the parameter nor the value.
     */
    @WriteOperation
    ModuleSyncSettings setParallelism(final String parallelism) {
        ncmpModuleSyncService.setParallelism(wholeNumber(parallelism));
        return ncmpModuleSyncService.settings();
    }

    private static int wholeNumber(final String parallelism) {
        try {
            return Integer.parseInt(parallelism.trim());
        } catch (final NumberFormatException notAWholeNumber) {
            throw new InvalidInputException("Invalid module-sync parallelism",
                "parallelism must be a whole number, was " + parallelism);
        }
    }
}
