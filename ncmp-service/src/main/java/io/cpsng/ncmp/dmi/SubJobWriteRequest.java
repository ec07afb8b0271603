package io.cpsng.ncmp.dmi;

import java.util.List;

/**
 * The body of POST /dmi/v1/cmwriteJob?destination= (the DMI API's SubjobWriteRequest): the operations of one data
 * job for one plugin and data producer, in the job's order. Every field is sent, null ones as null.
 */
public record SubJobWriteRequest(String destination, String dataAcceptType, String dataContentType,
                                 String dataProducerId, String dataJobId, List<DmiWriteOperation> data) {

    /** One operation: the job's operation with its handle's module set tag. */
    public record DmiWriteOperation(String path, String op, String moduleSetTag, Object value, String operationId) {
    }
}
