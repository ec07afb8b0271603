package io.cpsng.ncmp.api;

import io.cpsng.ncmp.api.model.DmiResponse;
import java.util.Map;

/**
 * ProvMnS (3GPP TS 28.532) on the network's managed objects by FDN: each request routed to the handle owning the
 * FDN (longest alternate-id prefix) and forwarded to its DMI plugin's /ProvMnS/v1, whose answer is the client's.
 * Refusals are ProvMnsExceptions naming their problem: no handle owns the FDN, the handle is not READY, the handle's
 * plugin serves no ProvMnS (no data producer) or the path names no managed object, too many patch operations, the
 * policy executor denied, the plugin unreachable or silent. The authorization is the client's Authorization header
 * (or null): the policy executor gets it with a write, the plugin with ncmp.dmi.auth.enabled=false.
 */
public interface NcmpProvMnsService {

    /** GET with the ProvMnS query (scopeType, scopeLevel, filter, attributes, fields, dataNodeSelector). */
    DmiResponse read(String fdn, Map<String, String> query, String authorization);

    /** PUT of the managed object's JSON. */
    DmiResponse put(String fdn, String body, String authorization);

    /** PATCH: a JSON Patch (3GPP or plain: an array of operations) or a merge patch (an object), by content type. */
    DmiResponse patch(String fdn, String contentType, String body, String authorization);

    DmiResponse delete(String fdn, String authorization);
}
