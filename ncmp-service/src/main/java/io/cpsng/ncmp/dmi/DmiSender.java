package io.cpsng.ncmp.dmi;

import io.cpsng.ncmp.api.exceptions.DmiException;
import io.cpsng.ncmp.api.exceptions.DmiTimeoutException;
import io.cpsng.ncmp.api.model.DmiResponse;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Sends calls to DMI plugins with the JDK HTTP client: blocking calls with connect and read timeouts, cheap on
 * virtual threads, at most ncmp.dmi.max-concurrent-requests open at once, each with the Authorization
 * {@link DmiAuthorization} decides and timed by endpoint and outcome. A plugin that cannot be reached or does not
 * answer in time is a DmiException (a DmiTimeoutException); any answer it gives is returned, whatever its status.
 * The read timeout bounds the whole answer, body included: the client's own timeout ends when the headers come,
 * and a plugin sending its body a byte a second held module sync, every server thread and the health checks.
 */
final class DmiSender {

    /** The mapper of every request body; the specs serialise the request records with it. */
    static final JsonMapper JSON = JsonMapper.builder().build();

    private final HttpClient httpClient;
    private final DmiProperties dmiProperties;
    private final MeterRegistry meterRegistry;
    private final DmiAuthorization dmiAuthorization;
    private final Semaphore openCalls;
    private final AnswerBytesBudget answerBytesBudget;

    DmiSender(final DmiProperties dmiProperties, final MeterRegistry meterRegistry) {
        this.dmiProperties = dmiProperties;
        this.meterRegistry = meterRegistry;
        this.openCalls = new Semaphore(dmiProperties.maxConcurrentRequests());
        this.answerBytesBudget = new AnswerBytesBudget(dmiProperties.inFlightResponseBytes());
        this.httpClient = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(dmiProperties.connectTimeout()).build();
        this.dmiAuthorization = new DmiAuthorization(dmiProperties);
    }

    /**
     * POSTs the request record as JSON; the subject (a cm handle, a request...) names the call in errors, the caller's
     * authorization is the client's Authorization header (null for NCMP's own calls).
     */
    DmiResponse postJson(final String endpoint, final URI uri, final Object body, final String subject,
                         final String callerAuthorization) {
        return send(endpoint, uri, "POST", "application/json", ChunkedJsonBody.of(JSON, body), subject,
            callerAuthorization);
    }

    /** Sends the text as it is, with its content type; a body of null sends none. */
    DmiResponse sendText(final String endpoint, final URI uri, final String method, final String contentType,
                         final String body, final String subject, final String callerAuthorization) {
        return send(endpoint, uri, method, contentType, body == null ? null : HttpRequest.BodyPublishers.ofString(body),
            subject, callerAuthorization);
    }

    /**
     * Whether the plugin answers GET with success within the timeout. Not counted among the open calls nor timed:
     * a health check must not wait behind the traffic it is about.
     */
    boolean isHealthy(final URI uri, final Duration timeout) {
        final HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(timeout).GET();
        final String authorization = dmiAuthorization.headerFor(null);
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        try {
            final int status = answerWithin(timeout,
                httpClient.sendAsync(request.build(), HttpResponse.BodyHandlers.discarding())).statusCode();
            return status >= 200 && status < 300;
        } catch (final IOException | TimeoutException | IllegalArgumentException unreachable) {
            return false;
        } catch (final InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private DmiResponse send(final String endpoint, final URI uri, final String method, final String contentType,
                             final HttpRequest.BodyPublisher body, final String subject,
                             final String callerAuthorization) {
        final HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(dmiProperties.readTimeout())
            .header("Accept", "application/json")
            .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : body);
        if (body != null) {
            request.header("Content-Type", contentType);
        }
        final String authorization = dmiAuthorization.headerFor(callerAuthorization);
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        try {
            openCalls.acquire();
        } catch (final InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw interrupted(method, endpoint, subject);
        }
        final Timer.Sample sample = Timer.start(meterRegistry);
        final BoundedBody.Handler answer = BoundedBody.handler(dmiProperties.maxResponseSize().toBytes(),
            answerBytesBudget);
        String outcome = "error";
        try {
            final HttpResponse<String> response = answerWithin(dmiProperties.readTimeout(),
                httpClient.sendAsync(request.build(), answer));
            outcome = String.valueOf(response.statusCode());
            return new DmiResponse(response.statusCode(), response.body());
        } catch (final HttpConnectTimeoutException unreachable) {
            throw new DmiException("DMI plugin unreachable", method + " " + endpoint + " for " + subject + " at "
                + origin(uri) + " failed: no connection within " + dmiProperties.connectTimeout(), null);
        } catch (final HttpTimeoutException | TimeoutException silent) {
            throw new DmiTimeoutException(method + " " + endpoint + " for " + subject + " at " + origin(uri)
                + " got no whole answer within " + dmiProperties.readTimeout());
        } catch (final BoundedBody.TooLargeException tooLarge) {
            throw new DmiException("DMI plugin answer too large", method + " " + endpoint + " for " + subject
                + " at " + origin(uri) + ": " + tooLarge.getMessage(), null);
        } catch (final BoundedBody.OverBudgetException overBudget) {
            throw new DmiException("Too many DMI plugin answers at once", method + " " + endpoint + " for "
                + subject + " at " + origin(uri) + " was given up: " + overBudget.getMessage() + "; try again", null);
        } catch (final IOException unreachable) {
            throw new DmiException("DMI plugin unreachable", method + " " + endpoint + " for " + subject + " at "
                + origin(uri) + " failed: " + unreachable.getClass().getSimpleName(), null);
        } catch (final InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw interrupted(method, endpoint, subject);
        } finally {
            answer.release();
            openCalls.release();
            sample.stop(Timer.builder("ncmp.dmi.call").tag("endpoint", endpoint).tag("outcome", outcome)
                .register(meterRegistry));
        }
    }

    /**
     * The exchange's response once whole, or a TimeoutException after the timeout, the exchange then cancelled
     * (its connection closed); its failure as thrown by the client.
     */
    private static <T> HttpResponse<T> answerWithin(final Duration timeout,
                                                    final CompletableFuture<HttpResponse<T>> exchange)
            throws IOException, TimeoutException, InterruptedException {
        try {
            return exchange.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (final TimeoutException | InterruptedException notAnswered) {
            exchange.cancel(true);
            throw notAnswered;
        } catch (final ExecutionException failed) {
            final Throwable cause = failed.getCause();
            if (cause instanceof IOException ioException) {
                throw ioException;
            }
            if (cause instanceof RuntimeException runtimeException) {
                throw runtimeException;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new IOException(cause);
        }
    }

    /** What the answers being read hold now, in bytes. */
    long answerBytesInFlight() {
        return answerBytesBudget.reserved();
    }

    /** The plugin in an error message: scheme and authority, the subject names the rest. */
    private static String origin(final URI uri) {
        return uri.getScheme() + "://" + uri.getAuthority();
    }

    private static DmiException interrupted(final String method, final String endpoint, final String subject) {
        return new DmiException("Interrupted", method + " " + endpoint + " for " + subject + " was interrupted", null);
    }
}
