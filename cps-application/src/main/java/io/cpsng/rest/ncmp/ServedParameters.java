package io.cpsng.rest.ncmp;

import io.cpsng.ncmp.api.exceptions.InvalidInputException;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;

/** A query parameter an endpoint does not serve would otherwise be ignored: the client is told with a 400. */
final class ServedParameters {

    private ServedParameters() {
    }

    static void refuseOthers(final HttpServletRequest request, final String endpoint, final List<String> served) {
        for (final String name : request.getParameterMap().keySet()) {
            if (!served.contains(name)) {
                throw new InvalidInputException("Parameter not served", "Parameter " + name + " is not served by "
                    + endpoint + (served.isEmpty() ? ": it takes none" : ": only " + String.join(", ", served)));
            }
        }
    }
}
