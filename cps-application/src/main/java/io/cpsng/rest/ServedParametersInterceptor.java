package io.cpsng.rest;

import io.cpsng.rest.error.BadRequestException;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.core.MethodParameter;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;

/**
 * A query parameter an endpoint does not serve, or one it takes once given twice, would otherwise be ignored, or
 * one of its values silently chosen, and a flag of "yes" or "1" taken as true: the client is told with a 400
 * naming it, before the endpoint does anything.
 * What an endpoint serves is read from its method: its {@link RequestParam} and {@link RequestPart} parameters;
 * a collection takes many values, a map takes any name once (a multi-value map, any name any number of times).
 */
public class ServedParametersInterceptor implements HandlerInterceptor {

    private final Map<HandlerMethod, Served> servedByEndpoint = new ConcurrentHashMap<>();

    @Override
    public boolean preHandle(final HttpServletRequest request, final HttpServletResponse response,
                             final Object handler) {
        // an error dispatch (a 400 of a filter, say) shows the client's request to the error page: not checked again
        if (handler instanceof HandlerMethod handlerMethod && request.getDispatcherType() == DispatcherType.REQUEST) {
            servedByEndpoint.computeIfAbsent(handlerMethod, Served::of).check(request.getParameterMap());
        }
        return true;
    }

    private record Served(Set<String> once, Set<String> many, Set<String> flags, boolean anyName,
                          boolean anyNameMany) {

        static Served of(final HandlerMethod handlerMethod) {
            final Set<String> once = new TreeSet<>();
            final Set<String> many = new TreeSet<>();
            final Set<String> flags = new TreeSet<>();
            boolean anyName = false;
            boolean anyNameMany = false;
            for (final MethodParameter parameter : handlerMethod.getMethodParameters()) {
                final String name = nameOf(parameter);
                final Class<?> type = parameter.getParameterType();
                if (name == null) {
                    continue;
                }
                if (name.isEmpty() && Map.class.isAssignableFrom(type)) {
                    anyName = true;
                    anyNameMany |= MultiValueMap.class.isAssignableFrom(type);
                } else if (Collection.class.isAssignableFrom(type) || type.isArray()) {
                    many.add(name.isEmpty() ? parameter.getParameterName() : name);
                } else {
                    once.add(name.isEmpty() ? parameter.getParameterName() : name);
                    if (type == boolean.class || type == Boolean.class) {
                        flags.add(name.isEmpty() ? parameter.getParameterName() : name);
                    }
                }
            }
            return new Served(once, many, flags, anyName, anyNameMany);
        }

        /** The parameter's name as the request gives it, empty when taken from the method, null when no parameter. */
        private static String nameOf(final MethodParameter parameter) {
            final RequestParam requestParam = parameter.getParameterAnnotation(RequestParam.class);
            if (requestParam != null) {
                return requestParam.name();
            }
            final RequestPart requestPart = parameter.getParameterAnnotation(RequestPart.class);
            return requestPart == null ? null : requestPart.name();
        }

        void check(final Map<String, String[]> parameters) {
            for (final Map.Entry<String, String[]> parameter : parameters.entrySet()) {
                final String name = parameter.getKey();
                final boolean served = once.contains(name) || many.contains(name) || anyName;
                if (!served) {
                    throw new BadRequestException("Parameter not served", "Parameter " + shown(name)
                        + " is not served by this endpoint: " + (once.isEmpty() && many.isEmpty()
                        ? "it takes none." : "it takes " + String.join(", ", allNames()) + "."));
                }
                if (parameter.getValue().length > 1 && !many.contains(name) && !anyNameMany) {
                    throw new BadRequestException("Parameter repeated", "Parameter " + shown(name) + " is given "
                        + parameter.getValue().length + " times; it takes one value.");
                }
                if (flags.contains(name) && !isFlag(parameter.getValue()[0])) {
                    throw new BadRequestException("Invalid parameter", "Parameter " + shown(name)
                        + " is true or false, not '" + shown(parameter.getValue()[0]) + "'.");
                }
            }
        }

        /** Spring alone would also take yes, on and 1 for true (docs/api.md promises 400 for anything else). */
        private static boolean isFlag(final String value) {
            return "true".equalsIgnoreCase(value) || "false".equalsIgnoreCase(value);
        }

        private Set<String> allNames() {
            final Set<String> names = new TreeSet<>(once);
            names.addAll(many);
            return names;
        }

        private static String shown(final String name) {
            return name.length() > 100 ? name.substring(0, 100) + "..." : name;
        }
    }
}
