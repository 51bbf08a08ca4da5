package org.teavm.classlib.java.util.concurrent.locks;

import java.util.concurrent.TimeUnit;

/**
 * java.util.concurrent.locks.ReentrantLock for one thread: it only counts holds, so code that pairs lock and unlock
 * (Groovy's caches, ConcurrentReferenceHashMap segments) behaves as on a JVM with no contention.
 */
public class TReentrantLock implements TLock, java.io.Serializable {
    private int holds;

    public TReentrantLock() {
    }

    public TReentrantLock(boolean fair) {
    }

    @Override
    public void lock() {
        holds++;
    }

    @Override
    public void lockInterruptibly() {
        holds++;
    }

    @Override
    public boolean tryLock() {
        holds++;
        return true;
    }

    @Override
    public boolean tryLock(long time, TimeUnit unit) {
        holds++;
        return true;
    }

    @Override
    public void unlock() {
        if (holds == 0) {
            throw new IllegalMonitorStateException();
        }
        holds--;
    }

    @Override
    public TCondition newCondition() {
        return new NoWaitCondition();
    }

    public boolean isLocked() {
        return holds > 0;
    }

    public boolean isHeldByCurrentThread() {
        return holds > 0;
    }

    public int getHoldCount() {
        return holds;
    }

    public boolean isFair() {
        return false;
    }

    public boolean hasQueuedThreads() {
        return false;
    }

    public int getQueueLength() {
        return 0;
    }

    static final class NoWaitCondition implements TCondition {
        @Override
        public void await() {
        }

        @Override
        public boolean await(long time, TimeUnit unit) {
            return false;
        }

        @Override
        public void signal() {
        }

        @Override
        public void signalAll() {
        }
    }
}
