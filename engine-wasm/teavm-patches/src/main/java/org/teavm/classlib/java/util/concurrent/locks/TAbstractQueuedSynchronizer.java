package org.teavm.classlib.java.util.concurrent.locks;

/**
 * java.util.concurrent.locks.AbstractQueuedSynchronizer for one thread. Groovy's LockableObject (the base of its
 * concurrent map segments) only needs exclusive acquire/release over an int state; with no other thread an acquire
 * that the subclass refuses would wait forever, so it fails loudly instead.
 */
public abstract class TAbstractQueuedSynchronizer implements java.io.Serializable {
    private int state;

    protected TAbstractQueuedSynchronizer() {
    }

    protected final int getState() {
        return state;
    }

    protected final void setState(int newState) {
        state = newState;
    }

    protected final boolean compareAndSetState(int expect, int update) {
        if (state != expect) {
            return false;
        }
        state = update;
        return true;
    }

    protected boolean tryAcquire(int arg) {
        throw new UnsupportedOperationException();
    }

    protected boolean tryRelease(int arg) {
        throw new UnsupportedOperationException();
    }

    protected boolean isHeldExclusively() {
        throw new UnsupportedOperationException();
    }

    public final void acquire(int arg) {
        if (!tryAcquire(arg)) {
            throw new IllegalMonitorStateException("lock held with no other thread to release it");
        }
    }

    public final boolean release(int arg) {
        return tryRelease(arg);
    }

    public final boolean hasQueuedThreads() {
        return false;
    }
}
