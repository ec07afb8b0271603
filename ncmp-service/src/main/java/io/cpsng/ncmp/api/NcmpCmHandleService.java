package io.cpsng.ncmp.api;

import io.cpsng.cps.api.model.ModuleReference;
import io.cpsng.cps.api.model.YangResource;
import io.cpsng.ncmp.api.model.CmHandle;
import io.cpsng.ncmp.api.model.CmHandleQuery;
import io.cpsng.ncmp.api.model.Results;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * What northbound clients call: reads of one CM handle and searches. A handle is referenced by its id
 * or by its alternate id; an unknown reference is a CmHandleNotFoundException. Searches take the
 * conditions hasAllModules, hasAllProperties (public properties), cmHandleWithCpsPath and
 * cmHandleWithTrustLevel, all of which a handle must meet; no condition means every handle.
 */
public interface NcmpCmHandleService {

    /**
     * The handle with its public and additional properties and state; trust level NONE if registered so or while
     * its DMI plugin does not answer, else COMPLETE.
     */
    CmHandle getCmHandle(String cmHandleReference);

    /** The modules of the handle's module set, empty until module sync has given it one. */
    List<ModuleReference> getModuleReferences(String cmHandleReference);

    /** The handles with these ids or alternate ids, keyed by the reference given; unknown ones are left out. */
    Map<String, CmHandle> getCmHandles(Collection<String> cmHandleReferences);

    /** The sources of the handle's modules, only those named moduleName (and revision, if given with a name). */
    List<YangResource> getModuleDefinitions(String cmHandleReference, String moduleName, String revision);

    /** The handles meeting every condition, ordered by id; InvalidInputException (at once) for a malformed query. */
    Results<CmHandle> searchCmHandles(CmHandleQuery cmHandleQuery);

    /** The ids (or alternate ids, where a handle has one) of the handles meeting every condition, ordered. */
    Results<String> searchCmHandleReferences(CmHandleQuery cmHandleQuery, boolean outputAlternateId);
}
