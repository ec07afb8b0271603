package io.cpsng.ncmp.cache;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * A reentrant lock per key within this JVM, as a cluster of one needs. A key's lock lives in the map only
 * while some thread holds or waits for it, so keys never seen again (module sets come and go) are not
 * kept: every lock or tryLock counts a reference, every unlock or failed attempt gives it back, and the
 * last one out removes the entry. The counts change only inside the map's per-key compute, which is atomic.
 */
final class LocalKeyLocks implements Function<String, Lock> {

    private final ConcurrentHashMap<String, CountedLock> locksByKey = new ConcurrentHashMap<>();

    @Override
    public Lock apply(final String key) {
        return new KeyLock(key);
    }

    /** Keys with a lock held or awaited, for specs checking that none is leaked. */
    int size() {
        return locksByKey.size();
    }

    private ReentrantLock reference(final String key) {
        return locksByKey.compute(key, (ignored, existing) -> {
            final CountedLock countedLock = existing == null ? new CountedLock() : existing;
            countedLock.references++;
            return countedLock;
        }).lock;
    }

    private void release(final String key) {
        locksByKey.computeIfPresent(key, (ignored, countedLock) -> --countedLock.references == 0 ? null : countedLock);
    }

    private static final class CountedLock {
        private final ReentrantLock lock = new ReentrantLock();
        private int references;
    }

    private final class KeyLock implements Lock {

        private final String key;

        private KeyLock(final String key) {
            this.key = key;
        }

        @Override
        public void lock() {
            reference(key).lock();
        }

        @Override
        public void lockInterruptibly() throws InterruptedException {
            final ReentrantLock lock = reference(key);
            try {
                lock.lockInterruptibly();
            } catch (final InterruptedException interrupted) {
                release(key);
                throw interrupted;
            }
        }

        @Override
        public boolean tryLock() {
            if (reference(key).tryLock()) {
                return true;
            }
            release(key);
            return false;
        }

        @Override
        public boolean tryLock(final long time, final TimeUnit unit) throws InterruptedException {
            final ReentrantLock lock = reference(key);
            boolean locked = false;
            try {
                locked = lock.tryLock(time, unit);
                return locked;
            } finally {
                if (!locked) {
                    release(key);
                }
            }
        }

        @Override
        public void unlock() {
            final CountedLock countedLock = locksByKey.get(key);
            if (countedLock == null) {
                throw new IllegalMonitorStateException("The lock of " + key + " is not held");
            }
            countedLock.lock.unlock();
            release(key);
        }

        @Override
        public Condition newCondition() {
            throw new UnsupportedOperationException("Conditions are not supported on key locks");
        }
    }
}
