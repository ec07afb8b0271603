package io.cpsng.ncmp.dmi;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpHeaders;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A plugin's answer as text, in the charset its Content-Type names (UTF-8 when none), refused once it grows past
 * ncmp.dmi.max-response-size: an answer is held whole in memory, and a plugin sending 50 MB to 16 reads at once ran
 * the service's heap out.
 */
final class BoundedBody implements HttpResponse.BodySubscriber<String> {

    /** The answer was larger than the limit: the exchange is cancelled, the rest never read. */
    static final class TooLargeException extends IOException {

        private static final long serialVersionUID = 1L;

        TooLargeException(final long limit) {
            super("the answer is larger than " + limit + " bytes (ncmp.dmi.max-response-size)");
        }
    }

    private final long limit;
    private final Charset charset;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final CompletableFuture<String> text = new CompletableFuture<>();
    private Flow.Subscription subscription;

    private BoundedBody(final long limit, final Charset charset) {
        this.limit = limit;
        this.charset = charset;
    }

    static HttpResponse.BodyHandler<String> handler(final long limit) {
        return responseInfo -> new BoundedBody(limit, charsetOf(responseInfo.headers()));
    }

    @Override
    public CompletionStage<String> getBody() {
        return text;
    }

    @Override
    public void onSubscribe(final Flow.Subscription subscription) {
        this.subscription = subscription;
        subscription.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(final List<ByteBuffer> buffers) {
        for (final ByteBuffer buffer : buffers) {
            if (text.isDone()) {
                return;
            }
            if (bytes.size() + (long) buffer.remaining() > limit) {
                subscription.cancel();
                text.completeExceptionally(new TooLargeException(limit));
                return;
            }
            final byte[] chunk = new byte[buffer.remaining()];
            buffer.get(chunk);
            bytes.write(chunk, 0, chunk.length);
        }
    }

    @Override
    public void onError(final Throwable failure) {
        text.completeExceptionally(failure);
    }

    @Override
    public void onComplete() {
        text.complete(bytes.toString(charset));
    }

    private static Charset charsetOf(final HttpHeaders headers) {
        final String contentType = headers.firstValue("Content-Type").orElse("");
        for (final String parameter : contentType.split(";")) {
            final String[] nameAndValue = parameter.trim().split("=", 2);
            if (nameAndValue.length == 2 && "charset".equals(nameAndValue[0].trim().toLowerCase(Locale.ROOT))) {
                try {
                    return Charset.forName(nameAndValue[1].trim().replace("\"", ""));
                } catch (final IllegalCharsetNameException | UnsupportedCharsetException unknown) {
                    return StandardCharsets.UTF_8;
                }
            }
        }
        return StandardCharsets.UTF_8;
    }
}
