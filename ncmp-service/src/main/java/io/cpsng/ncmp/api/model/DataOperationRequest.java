package io.cpsng.ncmp.api.model;

import java.util.List;

/**
 * A batch of data operations whose results go to a Kafka topic (POST /ncmp/v1/data?topic=), in the reference's
 * shape: each operation reads one resource of up to 200 handles, named by id or alternate id.
 */
public record DataOperationRequest(List<Operation> operations) {

    public DataOperationRequest {
        operations = operations == null ? List.of() : List.copyOf(operations);
    }

    /** One operation: its name (read), the client's id for it, the datastore and resource, and its targets. */
    public record Operation(String operation, String operationId, String datastore, String options,
                            String resourceIdentifier, List<String> targetIds) {

        public Operation {
            targetIds = targetIds == null ? List.of() : List.copyOf(targetIds);
        }
    }
}
