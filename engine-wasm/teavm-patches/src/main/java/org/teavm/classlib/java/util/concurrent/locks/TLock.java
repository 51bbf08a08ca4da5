package org.teavm.classlib.java.util.concurrent.locks;

import java.util.concurrent.TimeUnit;

/** java.util.concurrent.locks.Lock for a single-threaded runtime: TeaVM's classlib has no locks package. */
public interface TLock {
    void lock();

    void lockInterruptibly() throws InterruptedException;

    boolean tryLock();

    boolean tryLock(long time, TimeUnit unit) throws InterruptedException;

    void unlock();

    TCondition newCondition();
}
