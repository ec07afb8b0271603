package io.cpsng.rest.ncmp;

import io.cpsng.ncmp.api.NcmpProvMnsService;
import io.cpsng.ncmp.api.exceptions.ProvMnsException;
import io.cpsng.ncmp.api.model.DmiResponse;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * ProvMnS (3GPP TS 28.532) at the reference's path, /ProvMnS/v1/{FDN}: the FDN is the rest of the path. The DMI
 * plugin's answer is passed back with its status; refusals are in the ProvMnS error shape (ProvMnsExceptionHandler).
 */
@RestController
@RequestMapping(ProvMnsRestController.BASE_PATH)
class ProvMnsRestController {

    static final String BASE_PATH = "/ProvMnS/v1";

    private final NcmpProvMnsService ncmpProvMnsService;

    ProvMnsRestController(final NcmpProvMnsService ncmpProvMnsService) {
        this.ncmpProvMnsService = ncmpProvMnsService;
    }

    @GetMapping(path = "/**", produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<String> read(@RequestParam final Map<String, String> query,
                                @RequestHeader(value = HttpHeaders.AUTHORIZATION, required = false) final String authorization,
                                final HttpServletRequest request) {
        return answer(ncmpProvMnsService.read(fdnOf(request), query, authorization));
    }

    @PutMapping(path = "/**", consumes = MediaType.APPLICATION_JSON_VALUE, produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<String> put(@RequestBody final String body,
                               @RequestHeader(value = HttpHeaders.AUTHORIZATION, required = false) final String authorization,
                               final HttpServletRequest request) {
        return answer(ncmpProvMnsService.put(fdnOf(request), body, authorization));
    }

    @PatchMapping(path = "/**", consumes = {"application/json-patch+json", "application/3gpp-json-patch+json",
        "application/merge-patch+json", "application/3gpp-merge-patch+json"}, produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<String> patch(@RequestBody final String body,
                                 @RequestHeader(HttpHeaders.CONTENT_TYPE) final String contentType,
                                 @RequestHeader(value = HttpHeaders.AUTHORIZATION, required = false) final String authorization,
                                 final HttpServletRequest request) {
        final MediaType mediaType = MediaType.parseMediaType(contentType);
        return answer(ncmpProvMnsService.patch(fdnOf(request), mediaType.getType() + "/" + mediaType.getSubtype(),
            body, authorization));
    }

    @DeleteMapping(path = "/**", produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<String> delete(@RequestHeader(value = HttpHeaders.AUTHORIZATION, required = false) final String authorization,
                                  final HttpServletRequest request) {
        return answer(ncmpProvMnsService.delete(fdnOf(request), authorization));
    }

    /** The FDN: the decoded path after /ProvMnS/v1 (a '+' in a path is a plus, not a space). */
    private static String fdnOf(final HttpServletRequest request) {
        final String path = request.getRequestURI().substring(request.getContextPath().length() + BASE_PATH.length());
        return URLDecoder.decode(path.replace("+", "%2B"), StandardCharsets.UTF_8);
    }


    private static ResponseEntity<String> answer(final DmiResponse dmiResponse) {
        final ResponseEntity.BodyBuilder response = ResponseEntity.status(dmiResponse.status());
        if (dmiResponse.body() == null || dmiResponse.body().isEmpty()) {
            return response.build();
        }
        return response.contentType(MediaType.APPLICATION_JSON).body(dmiResponse.body());
    }
}
