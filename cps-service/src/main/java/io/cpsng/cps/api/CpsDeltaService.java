package io.cpsng.cps.api;

import io.cpsng.cps.api.model.ContentType;
import io.cpsng.cps.api.model.DeltaChange;
import io.cpsng.cps.api.model.DeltaReport;
import io.cpsng.cps.api.model.FetchDescendantsOption;
import java.util.List;

/**
 * Differences between two anchors' data, or between an anchor's data and a JSON document, as the reference's delta
 * reports: each node (without its children) compared by xpath; removals and replacements in source order, then
 * creations in target order; grouped (the condensed report), created and removed subtrees whole, per parent. And a
 * report of either form applied to an anchor.
 */
public interface CpsDeltaService {

    /** The delta from the source anchor's data to the target anchor's, at the xpath ("/" for all). */
    List<DeltaReport> getDelta(String dataspaceName, String sourceAnchorName, String targetAnchorName, String xpath,
                               FetchDescendantsOption fetchDescendantsOption, boolean grouped);

    /**
     * The delta from the anchor's data at the xpath, with all descendants, to the data (JSON or XML), which hold
     * the node(s) at the xpath (the top-level document for "/"), validated against the anchor's model.
     */
    List<DeltaReport> getDeltaToData(String dataspaceName, String sourceAnchorName, String xpath, String targetData,
                                     ContentType contentType, boolean grouped);

    /**
     * The changes applied to the anchor in one transaction, leaving the data the report's target had: removals
     * (deepest first), replacements (the target's leaves, those only the source had removed), then creations
     * (shallowest first). Any failure writes nothing.
     */
    void applyDelta(String dataspaceName, String anchorName, List<DeltaChange> deltaChanges);
}
