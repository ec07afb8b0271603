package io.cpsng.rest.error;

import java.lang.reflect.Type;
import org.springframework.core.MethodParameter;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.RequestBodyAdviceAdapter;

/**
 * A body that is the JSON literal null is refused with 400: read, it is no body at all, and an endpoint whose body
 * is optional (a search) would take it as "no conditions" and answer everything.
 */
@ControllerAdvice
public class NullBodyRefusal extends RequestBodyAdviceAdapter {

    @Override
    public boolean supports(final MethodParameter methodParameter, final Type targetType,
                            final Class<? extends HttpMessageConverter<?>> converterType) {
        return true;
    }

    @Override
    public Object afterBodyRead(final Object body, final HttpInputMessage inputMessage,
                                final MethodParameter parameter, final Type targetType,
                                final Class<? extends HttpMessageConverter<?>> converterType) {
        if (body == null) {
            throw new BadRequestException("Invalid request body", "The body is null; it must be a JSON "
                + (targetType == String.class ? "document." : "object or array, as the endpoint takes."));
        }
        return body;
    }
}
