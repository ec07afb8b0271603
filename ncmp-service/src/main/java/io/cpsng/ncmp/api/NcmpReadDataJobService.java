package io.cpsng.ncmp.api;

import io.cpsng.ncmp.api.model.ClassifiedSelectors;

/** Read data jobs, as far as the reference runs them: their selectors sorted per DMI plugin and data producer. */
public interface NcmpReadDataJobService {

    /**
     * The data node selector (one selector a line, or joined by OR) sorted as the reference sorts it; nothing is
     * sent to any plugin. InvalidInputException for a missing selector.
     */
    ClassifiedSelectors classifyReadJob(String dataNodeSelector);
}
