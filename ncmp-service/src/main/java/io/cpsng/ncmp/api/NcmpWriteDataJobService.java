package io.cpsng.ncmp.api;

import io.cpsng.ncmp.api.model.DataJobMetadata;
import io.cpsng.ncmp.api.model.DmiResponse;
import io.cpsng.ncmp.api.model.SubJobWriteResponse;
import io.cpsng.ncmp.api.model.WriteOperation;
import java.util.List;

/**
 * Data jobs: many operations on many handles, each part handed to the DMI plugin that serves it. The authorization
 * of each call is the client's Authorization header (or null), which the plugins get with ncmp.dmi.auth.enabled=false.
 */
public interface NcmpWriteDataJobService {

    /**
     * Routes each operation's path to its handle (CmHandleRouter), groups them per DMI plugin and data producer in
     * request order, and hands each group to its plugin as one sub-job; answers the sub-jobs in the order of their
     * first operation. InvalidInputException for a missing destination, path or op; UnroutablePathsException when
     * a path matches no handle; both before any plugin is called. DmiException when a plugin refuses its sub-job.
     */
    List<SubJobWriteResponse> writeDataJob(String dataJobId, DataJobMetadata metadata,
                                           List<WriteOperation> operations, String authorization);

    /**
     * A write sub-job's status, or its result, as its plugin answers it. InvalidInputException for a plugin no
     * handle is registered with (NCMP calls only the plugins it knows).
     */
    DmiResponse subJobStatus(String dmiServiceName, String dataProducerId, String dataProducerJobId,
                             String authorization);

    DmiResponse subJobResult(String dmiServiceName, String dataProducerId, String dataProducerJobId,
                             String destination, String authorization);
}
