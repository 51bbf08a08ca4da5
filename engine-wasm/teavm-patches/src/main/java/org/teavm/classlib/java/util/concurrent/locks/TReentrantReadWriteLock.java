package org.teavm.classlib.java.util.concurrent.locks;

import java.util.concurrent.TimeUnit;

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
        return writerLock.holds > 0;
    }

    public int getReadLockCount() {
        return readerLock.holds;
    }

    abstract static class Counting implements TLock, java.io.Serializable {
        int holds;

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
            return new TReentrantLock.NoWaitCondition();
        }
    }

    public static class ReadLock extends Counting {
        protected ReadLock() {
        }
    }

    public static class WriteLock extends Counting {
        protected WriteLock() {
        }

        public boolean isHeldByCurrentThread() {
            return holds > 0;
        }
    }
}
