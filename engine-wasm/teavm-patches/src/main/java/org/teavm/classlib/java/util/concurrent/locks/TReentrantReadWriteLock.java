package org.teavm.classlib.java.util.concurrent.locks;

/** java.util.concurrent.locks.ReentrantReadWriteLock for one thread (hold counting only, see TReentrantLock). */
public class TReentrantReadWriteLock implements TReadWriteLock, java.io.Serializable {
    private final ReadLock readerLock = new ReadLock();
    private final WriteLock writerLock = new WriteLock();

    public TReentrantReadWriteLock() {
    }

    public TReentrantReadWriteLock(boolean fair) {
    }

    @Override
    public ReadLock readLock() {
        return readerLock;
    }

    @Override
    public WriteLock writeLock() {
        return writerLock;
    }

    public boolean isWriteLocked() {
        return writerLock.isLocked();
    }

    public int getReadLockCount() {
        return readerLock.getHoldCount();
    }

    /** Both views count holds exactly like a single-threaded reentrant lock. */
    abstract static class Counting extends TReentrantLock {
    }

    public static class ReadLock extends Counting {
        protected ReadLock() {
        }
    }

    public static class WriteLock extends Counting {
        protected WriteLock() {
        }

    }
}
