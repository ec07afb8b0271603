package io.cpsng.dmistub;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.common.ClasspathFileSource;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;

/**
 * A running DMI plugin fake: WireMock serving this module's mappings with the {@link DmiStubExtension}. Specs of
 * other modules start one on a free port, point NCMP at {@link #baseUrl()}, change its settings between
 * features and count the calls it received.
 */
public final class DmiStub implements AutoCloseable {

    public static final int DEFAULT_PORT = 8783;

    private static final String MAPPINGS_ROOT = "wiremock";
    // Delays are served from a scheduler instead of a sleeping Jetty thread, so slow answers don't starve the pool.
    private static final int CONTAINER_THREADS = 64;
    private static final int DELAYED_RESPONSE_THREADS = 8;

    private final WireMockServer wireMockServer;
    private final DmiStubExtension extension;
    private final DmiStubSettings startSettings;
    private final URLClassLoader ownClassPath;
    private final SubscriptionAnswers subscriptionAnswers;

    private DmiStub(final WireMockServer wireMockServer, final DmiStubExtension extension,
                    final DmiStubSettings startSettings, final URLClassLoader ownClassPath,
                    final SubscriptionAnswers subscriptionAnswers) {
        this.wireMockServer = wireMockServer;
        this.extension = extension;
        this.startSettings = startSettings;
        this.ownClassPath = ownClassPath;
        this.subscriptionAnswers = subscriptionAnswers;
    }

    /** Starts a stub on a free port. */
    public static DmiStub start(final DmiStubSettings settings) {
        return start(0, settings);
    }

    /** Starts a stub on the port (0 for a free one); the unavailable window, if any, starts now. */
    public static DmiStub start(final int port, final DmiStubSettings settings) {
        return start(port, settings, DmiStubKafka.NONE);
    }

    /** The same, sending data operation results and CM notifications to Kafka as configured. */
    public static DmiStub start(final int port, final DmiStubSettings settings, final DmiStubKafka kafka) {
        final DmiStubExtension extension = new DmiStubExtension(settings, kafka);
        final URLClassLoader ownClassPath = ownClassPath();
        final WireMockServer wireMockServer = new WireMockServer(WireMockConfiguration.options()
            .port(port)
            .fileSource(new ClasspathFileSource(ownClassPath, MAPPINGS_ROOT))
            .extensions(extension)
            // the journal would keep every request and response: specs count calls with requestCount instead
            .disableRequestJournal()
            // WireMock formats every request as text to log it, body and all, whether the log shows it or not: a
            // write job's sub-job of 100,000 operations was 74 MB of garbage formatted
            .stubRequestLoggingDisabled(true)
            .containerThreads(CONTAINER_THREADS)
            .asynchronousResponseEnabled(true)
            .asynchronousResponseThreads(DELAYED_RESPONSE_THREADS));
        wireMockServer.start();
        extension.apply(settings); // the unavailable window counts from when the stub listens
        final SubscriptionAnswers subscriptionAnswers = kafka.bootstrapServers().isBlank() ? null
            : new SubscriptionAnswers(kafka.bootstrapServers(), wireMockServer.port());
        return new DmiStub(wireMockServer, extension, settings, ownClassPath, subscriptionAnswers);
    }

    public int port() {
        return wireMockServer.port();
    }

    /** The URL NCMP should use as the DMI service name, e.g. http://localhost:8783. */
    public String baseUrl() {
        return "http://localhost:" + port();
    }

    public DmiStubSettings settings() {
        return extension.settings();
    }

    /** Applies new settings to the running stub; an unavailable window counts from now. */
    public void applySettings(final DmiStubSettings settings) {
        extension.apply(settings);
    }

    /** Back to the settings the stub was started with (window restarted) and all request counts at zero. */
    public void reset() {
        extension.clearRequestCounts();
        extension.apply(startSettings);
    }

    /** Calls received by the endpoint since start or reset, whatever they were answered. */
    public long requestCount(final DmiEndpoint endpoint) {
        return extension.requestCount(endpoint);
    }

    /** Calls received by the endpoint for one cm handle since start or reset, whatever they were answered. */
    public long requestCount(final DmiEndpoint endpoint, final String cmHandleId) {
        return extension.requestCount(endpoint, cmHandleId);
    }

    /** CM notifications sent to Kafka since start. */
    public long avcEventsSent() {
        return extension.avcEventsSent();
    }

    /**
     * How the stub answers CM data job subscription requests addressed to it (with Kafka): ACCEPTED (the
     * default, as the reference's plugin), REJECTED, or NONE (no answer).
     */
    public void answerSubscriptions(final String verdict) {
        requireKafka().setVerdict(verdict);
    }

    /** CM data job subscription requests addressed to this stub since it started. */
    public long subscriptionRequests() {
        return requireKafka().requestsReceived();
    }

    private SubscriptionAnswers requireKafka() {
        if (subscriptionAnswers == null) {
            throw new IllegalStateException("The stub answers subscriptions only with a Kafka bootstrap server");
        }
        return subscriptionAnswers;
    }

    public void stop() {
        if (subscriptionAnswers != null) {
            subscriptionAnswers.close();
        }
        wireMockServer.stop();
        extension.close();
        try {
            ownClassPath.close();
        } catch (final IOException closeFailure) {
            throw new UncheckedIOException(closeFailure);
        }
    }

    /** The same as {@link #stop()}, for try-with-resources and Spock's @AutoCleanup. */
    @Override
    public void close() {
        stop();
    }

    /**
     * A class loader that sees only this module's jar (or classes folder), so that the mappings are this module's
     * even when the class path of a spec holds another "wiremock" folder (a test's own stubs, say).
     */
    private static URLClassLoader ownClassPath() {
        final URL ownLocation = DmiStub.class.getProtectionDomain().getCodeSource().getLocation();
        return new URLClassLoader(new URL[] {ownLocation}, null);
    }
}
