package io.cpsng.measure;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The handles of a run, shaped like the reference project's KPI load: 7 private and 2 public properties each,
 * an alternate id, and a module set tag from tag-1 to tag-T taken round-robin (none when T is 0).
 */
public final class HandleLoad {

    private final String prefix;
    private final int handles;
    private final int tags;

    public HandleLoad(final String prefix, final int handles, final int tags) {
        this.prefix = prefix;
        this.handles = handles;
        this.tags = tags;
    }

    public String cmHandleId(final int number) {
        return prefix + "-" + number;
    }

    public String alternateId(final int number) {
        return "managed-element=" + prefix + "/node=" + number;
    }

    public List<String> cmHandleIds() {
        final List<String> ids = new ArrayList<>(handles);
        for (int number = 1; number <= handles; number++) {
            ids.add(cmHandleId(number));
        }
        return ids;
    }

    /** The registration entries of the handles numbered from first to last, both included. */
    public List<Map<String, Object>> cmHandles(final int first, final int last) {
        final List<Map<String, Object>> cmHandles = new ArrayList<>(last - first + 1);
        for (int number = first; number <= last; number++) {
            cmHandles.add(cmHandle(number));
        }
        return cmHandles;
    }

    private Map<String, Object> cmHandle(final int number) {
        final Map<String, Object> cmHandle = new LinkedHashMap<>();
        cmHandle.put("cmHandle", cmHandleId(number));
        cmHandle.put("cmHandleProperties", Map.of(
            "neType", "RadioNode", "ipAddress", "10.0." + (number / 250 % 250) + "." + (number % 250),
            "port", "830", "vendor", "vendor-" + number % 3, "site", "site-" + number % 100,
            "subSystem", "ran", "serialNumber", "SN" + number));
        cmHandle.put("publicCmHandleProperties", Map.of("Color", number % 2 == 0 ? "red" : "blue",
            "Region", "region-" + number % 10));
        if (tags > 0) {
            cmHandle.put("moduleSetTag", "tag-" + (number % tags + 1));
        }
        cmHandle.put("alternateId", alternateId(number));
        return cmHandle;
    }
}
