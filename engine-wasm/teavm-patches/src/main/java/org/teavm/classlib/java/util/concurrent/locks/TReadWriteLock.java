package org.teavm.classlib.java.util.concurrent.locks;

/** java.util.concurrent.locks.ReadWriteLock. */
public interface TReadWriteLock {
    TLock readLock();

    TLock writeLock();
}
