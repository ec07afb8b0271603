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
 * ncmp.dmi.max-response-size or its bytes no longer fit in the budget of all answers being read
 * (ncmp.dmi.max-in-flight-response-size): an answer is held whole in memory, and a plugin sending 50 MB to 16 reads
 * at once ran the service's heap out. Its bytes leave the budget once it is read, failed or given up.
 */
final class BoundedBody implements HttpResponse.BodySubscriber<String> {

    /** The answer was larger than the limit: the exchange is cancelled, the rest never read. */
    static final class TooLargeException extends IOException {

        private static final long serialVersionUID = 1L;

        TooLargeException(final long limit) {
            super("the answer is larger than " + limit + " bytes (ncmp.dmi.max-response-size)");
        }
    }

    /** The answers being read already hold the whole budget: the exchange is cancelled, the rest never read. */
    static final class OverBudgetException extends IOException {

        private static final long serialVersionUID = 1L;

        OverBudgetException(final long budget) {
            super("the answers being read at once would hold more than " + budget
                + " bytes (ncmp.dmi.max-in-flight-response-size)");
        }
    }

    /** Makes the answer's subscriber and gives its bytes back to the budget when the caller is done waiting. */
    static final class Handler implements HttpResponse.BodyHandler<String> {

        private final long limit;
        private final AnswerBytesBudget budget;
        private volatile BoundedBody body;

        private Handler(final long limit, final AnswerBytesBudget budget) {
            this.limit = limit;
            this.budget = budget;
        }

        @Override
        public HttpResponse.BodySubscriber<String> apply(final HttpResponse.ResponseInfo responseInfo) {
            body = new BoundedBody(limit, budget, charsetOf(responseInfo.headers()));
            return body;
        }

        /** Ends the answer's reservation, however its reading ended (a cancelled exchange may tell it nothing). */
        void release() {
            final BoundedBody answer = body;
            if (answer != null) {
                answer.release();
            }
        }
    }

    private final long limit;
    private final AnswerBytesBudget budget;
    private final Charset charset;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final CompletableFuture<String> text = new CompletableFuture<>();
    private Flow.Subscription subscription;
    // guarded by this: the bytes taken from the budget, and whether the reservation has ended
    private long reserved;
    private boolean released;

    private BoundedBody(final long limit, final AnswerBytesBudget budget, final Charset charset) {
        this.limit = limit;
        this.budget = budget;
        this.charset = charset;
    }

    static Handler handler(final long limit, final AnswerBytesBudget budget) {
        return new Handler(limit, budget);
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
    public synchronized void onNext(final List<ByteBuffer> buffers) {
        for (final ByteBuffer buffer : buffers) {
            if (text.isDone() || released) {
                return;
            }
            if (bytes.size() + (long) buffer.remaining() > limit) {
                fail(new TooLargeException(limit));
                return;
            }
            if (!budget.tryReserve(buffer.remaining())) {
                fail(new OverBudgetException(budget.limit()));
                return;
            }
            reserved += buffer.remaining();
            final byte[] chunk = new byte[buffer.remaining()];
            buffer.get(chunk);
            bytes.write(chunk, 0, chunk.length);
        }
    }

    @Override
    public void onError(final Throwable failure) {
        release();
        text.completeExceptionally(failure);
    }

    @Override
    public void onComplete() {
        final String answer;
        synchronized (this) {
            answer = bytes.toString(charset);
        }
        release();
        text.complete(answer);
    }

    private void fail(final IOException failure) {
        subscription.cancel();
        release();
        text.completeExceptionally(failure);
    }

    private synchronized void release() {
        if (!released) {
            released = true;
            budget.release(reserved);
            reserved = 0;
        }
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
