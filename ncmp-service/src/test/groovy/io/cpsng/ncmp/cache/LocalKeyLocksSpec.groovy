package io.cpsng.ncmp.cache

import spock.lang.Specification
import spock.lang.Timeout

import java.util.concurrent.CompletableFuture
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit

class LocalKeyLocksSpec extends Specification {

    def objectUnderTest = new LocalKeyLocks()

    def 'A key locked by one thread cannot be taken by another until it is unlocked'() {
        given: 'the lock of module set A held by this thread'
            objectUnderTest.apply('A').lock()
        when: 'another thread tries it'
            def triedWhileHeld = CompletableFuture.supplyAsync { objectUnderTest.apply('A').tryLock() }.get()
        and: 'this thread unlocks and the other tries again'
            objectUnderTest.apply('A').unlock()
            def triedAfterUnlock = CompletableFuture.supplyAsync {
                def lock = objectUnderTest.apply('A')
                def locked = lock.tryLock()
                if (locked) {
                    lock.unlock()
                }
                locked
            }.get()
        then: 'it failed while held and succeeded after'
            !triedWhileHeld
            triedAfterUnlock
    }

    def 'Different keys do not block each other'() {
        given: 'the lock of A held by this thread'
            objectUnderTest.apply('A').lock()
        expect: 'another thread takes B at once'
            CompletableFuture.supplyAsync {
                def lock = objectUnderTest.apply('B')
                def locked = lock.tryLock()
                lock.unlock()
                locked
            }.get()
        cleanup:
            objectUnderTest.apply('A').unlock()
    }

    def 'The lock is reentrant for the thread holding it'() {
        when: 'the same thread locks twice and unlocks twice'
            objectUnderTest.apply('A').lock()
            def lockedAgain = objectUnderTest.apply('A').tryLock()
            objectUnderTest.apply('A').unlock()
            def stillHeld = objectUnderTest.size()
            objectUnderTest.apply('A').unlock()
        then: 'it got it again, held it after the first unlock and released it after the second'
            lockedAgain
            stillHeld == 1
            objectUnderTest.size() == 0
    }

    @Timeout(10)
    def 'No key stays in memory once nobody holds or waits for it, after #scenario'() {
        when: 'the scenario runs'
            action(objectUnderTest)
        then: 'no lock is kept'
            objectUnderTest.size() == 0
        where:
            scenario                  | action
            'lock and unlock'         | { it.apply('A').lock(); it.apply('A').unlock() }
            'tryLock and unlock'      | { it.apply('A').tryLock(); it.apply('A').unlock() }
            'a timed tryLock'         | { it.apply('A').tryLock(1, TimeUnit.MILLISECONDS); it.apply('A').unlock() }
            'a failed tryLock'        | { locks -> failedTryLock(locks, false) }
            'a timed tryLock timeout' | { locks -> failedTryLock(locks, true) }
            '1,000 keys'              | { locks -> (1..1000).each { locks.apply("key-${it}").lock(); locks.apply("key-${it}").unlock() } }
    }

    def 'Unlocking a key nobody holds fails as a JDK lock does'() {
        when: 'a key never locked is unlocked'
            objectUnderTest.apply('A').unlock()
        then: 'the JDK exception for it'
            thrown(IllegalMonitorStateException)
    }

    def 'A waiting thread gets the lock when the holder unlocks'() {
        given: 'the lock of A held by this thread'
            objectUnderTest.apply('A').lock()
        and: 'another thread waiting for it'
            def waiting = new CountDownLatch(1)
            def waiter = CompletableFuture.supplyAsync {
                waiting.countDown()
                def locked = objectUnderTest.apply('A').tryLock(10, TimeUnit.SECONDS)
                objectUnderTest.apply('A').unlock()
                locked
            }
            waiting.await()
        when: 'this thread unlocks'
            objectUnderTest.apply('A').unlock()
        then: 'the waiter got the lock, and nothing is kept after it'
            waiter.get(10, TimeUnit.SECONDS)
            objectUnderTest.size() == 0
    }

    /** Another thread holds the key while this one fails to take it, then releases it. */
    static void failedTryLock(LocalKeyLocks locks, boolean timed) {
        def held = new CountDownLatch(1)
        def release = new CountDownLatch(1)
        def holder = CompletableFuture.runAsync {
            locks.apply('A').lock()
            held.countDown()
            release.await()
            locks.apply('A').unlock()
        }
        held.await()
        assert !(timed ? locks.apply('A').tryLock(1, TimeUnit.MILLISECONDS) : locks.apply('A').tryLock())
        release.countDown()
        holder.get()
    }
}
