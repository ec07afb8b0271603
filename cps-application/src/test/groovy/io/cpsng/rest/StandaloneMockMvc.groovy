package io.cpsng.rest

import io.cpsng.rest.error.RestExceptionHandler
import java.nio.charset.StandardCharsets
import org.springframework.http.converter.ByteArrayHttpMessageConverter
import org.springframework.http.converter.StringHttpMessageConverter
import org.springframework.http.converter.json.JacksonJsonHttpMessageConverter
import org.springframework.test.web.servlet.MockMvc
import org.springframework.test.web.servlet.setup.MockMvcBuilders
import tools.jackson.databind.json.JsonMapper

/**
 * MockMvc for controller specs without a Spring context: the given controllers, the one exception advice,
 * and the converters the application uses (bytes, text as UTF-8, JSON with Jackson 3).
 */
class StandaloneMockMvc {

    static MockMvc of(Object... controllers) {
        MockMvcBuilders.standaloneSetup(controllers)
            .setControllerAdvice(new RestExceptionHandler())
            .setMessageConverters(new ByteArrayHttpMessageConverter(), new StringHttpMessageConverter(StandardCharsets.UTF_8),
                new JacksonJsonHttpMessageConverter(JsonMapper.builder().findAndAddModules().build()))
            .build()
    }
}
