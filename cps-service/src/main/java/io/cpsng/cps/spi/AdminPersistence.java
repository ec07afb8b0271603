package io.cpsng.cps.spi;

import io.cpsng.cps.api.model.Anchor;
import io.cpsng.cps.api.model.Dataspace;
import java.util.Collection;
import java.util.Map;

/** Stores dataspaces and anchors. Missing names raise NotFoundException, duplicates AlreadyDefinedException. */
public interface AdminPersistence {

    void createDataspace(String dataspaceName);

    /** InUseException while the dataspace holds schema sets or anchors. */
    void deleteDataspace(String dataspaceName);

    Dataspace getDataspace(String dataspaceName);

    Collection<Dataspace> getDataspaces();

    void createAnchor(String dataspaceName, String schemaSetName, String anchorName);

    void createAnchors(String dataspaceName, String schemaSetName, Collection<String> anchorNames);

    /** Deletes the existing anchors among the names with all their data. */
    void deleteAnchors(String dataspaceName, Collection<String> anchorNames);

    Anchor getAnchor(String dataspaceName, String anchorName);

    /** The schema set an anchor's data is validated against, in one lookup. */
    SchemaSetIdentity getAnchorSchemaSet(String dataspaceName, String anchorName);

    /** The schema sets of those of the anchors that exist, by anchor name, in one look-up. */
    Map<String, SchemaSetIdentity> getAnchorSchemaSets(String dataspaceName, Collection<String> anchorNames);

    Collection<Anchor> getAnchors(String dataspaceName);

    Collection<Anchor> getAnchors(String dataspaceName, Collection<String> anchorNames);

    Collection<Anchor> getAnchorsOfSchemaSets(String dataspaceName, Collection<String> schemaSetNames);

    /** Deletes the anchor and every fragment of its data. */
    void deleteAnchor(String dataspaceName, String anchorName);
}
