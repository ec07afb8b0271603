package io.cpsng.ncmp.dmi

import spock.lang.Specification

import java.net.http.HttpRequest
import java.nio.ByteBuffer
import java.util.concurrent.CompletableFuture
import java.util.concurrent.Flow
import java.util.concurrent.TimeUnit

/** What the HTTP client sends of a body written in chunks: the JSON the mapper writes, byte for byte, its length. */
class ChunkedJsonBodySpec extends Specification {

    def 'A body of #scenario is sent as the mapper writes it, with its length'() {
        given: 'a body of many operations'
            def body = [data: (1..operations).collect { [path: "/A=${it}/B=ü".toString(), op: 'merge', value: [k: it]] }]
            def expected = DmiSender.JSON.writeValueAsBytes(body)
        when: 'it is published as the HTTP client subscribes to it'
            def publisher = ChunkedJsonBody.of(DmiSender.JSON, body)
        then: 'it announces its length'
            publisher.contentLength() == expected.length
        and: 'it publishes the same bytes each time it is subscribed to, as a client sending it again does'
            published(publisher) == expected
            published(publisher) == expected
        where: 'the body is'
            scenario                                    | operations
            'a few bytes, in the first chunk'           | 1
            'a few growing chunks'                      | 60
            'growing chunks, several of 64 KB, a part'  | 10_000
    }

    static byte[] published(HttpRequest.BodyPublisher publisher) {
        def bytes = new ByteArrayOutputStream()
        def done = new CompletableFuture<Void>()
        publisher.subscribe(new Flow.Subscriber<ByteBuffer>() {
            void onSubscribe(Flow.Subscription subscription) { subscription.request(Long.MAX_VALUE) }
            void onNext(ByteBuffer buffer) {
                def part = new byte[buffer.remaining()]
                buffer.get(part)
                bytes.write(part)
            }
            void onError(Throwable failure) { done.completeExceptionally(failure) }
            void onComplete() { done.complete(null) }
        })
        done.get(10, TimeUnit.SECONDS)
        bytes.toByteArray()
    }
}
