package org.teavm.classlib.java.util.concurrent.locks;

import java.util.concurrent.TimeUnit;

/**
 * java.util.concurrent.locks.Condition. The engine never blocks (one thread, no waiting), so waiting returns at once
 * rather than pulling TeaVM's coroutine machinery into the module.
 */
public interface TCondition {
    void await() throws InterruptedException;

    boolean await(long time, TimeUnit unit) throws InterruptedException;

    void signal();

    void signalAll();
}
