package io.cpsng.ncmp.api.model;

import java.util.List;
import java.util.Map;

/**
 * A read data job's selectors sorted as the reference sorts them: for every DMI plugin (by its address) the
 * selectors per data producer (key "{plugin}#{producer}"), those to send to every plugin, those of handles not
 * READY, and those no handle owns.
 */
public record ClassifiedSelectors(List<String> broadcastSelectors, Map<String, Map<String, List<String>>> dmiSelectors,
                                  List<String> notReadySelectors, List<String> errorSelectors) {
}
