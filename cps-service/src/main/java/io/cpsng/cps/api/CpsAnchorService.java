package io.cpsng.cps.api;

import io.cpsng.cps.api.model.Anchor;
import java.util.Collection;

/** Anchors: named data trees bound to a schema set. */
public interface CpsAnchorService {

    void createAnchor(String dataspaceName, String schemaSetName, String anchorName);

    Anchor getAnchor(String dataspaceName, String anchorName);

    Collection<Anchor> getAnchors(String dataspaceName);

    /** Deletes the anchor and all of its data. */
    void deleteAnchor(String dataspaceName, String anchorName);
}
