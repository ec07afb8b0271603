package io.cpsng.cps.api;

import io.cpsng.cps.api.model.Dataspace;
import java.util.Collection;

/** Creates, lists and deletes dataspaces. */
public interface CpsDataspaceService {

    void createDataspace(String dataspaceName);

    /** Refuses (InUseException) while the dataspace holds anchors or schema sets. */
    void deleteDataspace(String dataspaceName);

    Dataspace getDataspace(String dataspaceName);

    Collection<Dataspace> getDataspaces();
}
