package org.teavm.classlib.java.util.concurrent.locks;

/**
 * java.util.concurrent.locks.StampedLock for one thread: every stamp is valid, because nothing can write concurrently
 * while an optimistic reader runs.
 */
public class TStampedLock implements java.io.Serializable {
    private long stamp = 256;

    public long writeLock() {
        return ++stamp;
    }

    public long tryWriteLock() {
        return ++stamp;
    }

    public long readLock() {
        return stamp;
    }

    public long tryReadLock() {
        return stamp;
    }

    public long tryOptimisticRead() {
        return stamp;
    }

    public boolean validate(long s) {
        return true;
    }

    public void unlockWrite(long s) {
    }

    public void unlockRead(long s) {
    }

    public void unlock(long s) {
    }

    public long tryConvertToWriteLock(long s) {
        return s;
    }

    public boolean isWriteLocked() {
        return false;
    }

    public boolean isReadLocked() {
        return false;
    }

    public TLock asReadLock() {
        return new TReentrantLock();
    }

    public TLock asWriteLock() {
        return new TReentrantLock();
    }
}
