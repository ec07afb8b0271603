package io.cpsng.cps.api;

import io.cpsng.cps.api.model.Anchor;
import java.util.Collection;

/** Anchors: named data trees bound to a schema set. */
public interface CpsAnchorService {

    void createAnchor(String dataspaceName, String schemaSetName, String anchorName);

    /** Creates many anchors on one schema set in one statement; AlreadyDefinedException if any exists. */
    void createAnchors(String dataspaceName, String schemaSetName, Collection<String> anchorNames);

    Anchor getAnchor(String dataspaceName, String anchorName);

    Collection<Anchor> getAnchors(String dataspaceName);

    /** The anchors that exist among the names. */
    Collection<Anchor> getAnchors(String dataspaceName, Collection<String> anchorNames);

    /** The anchors of those schema sets; a name no schema set has matches nothing. */
    Collection<Anchor> getAnchorsOfSchemaSets(String dataspaceName, Collection<String> schemaSetNames);

    /** Deletes the anchor and all of its data. */
    void deleteAnchor(String dataspaceName, String anchorName);

    /** Deletes the anchors that exist among the names, with all their data; missing names are ignored. */
    void deleteAnchors(String dataspaceName, Collection<String> anchorNames);
}
