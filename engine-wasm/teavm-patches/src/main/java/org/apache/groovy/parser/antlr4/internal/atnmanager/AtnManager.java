package org.apache.groovy.parser.antlr4.internal.atnmanager;

import java.util.concurrent.locks.ReentrantReadWriteLock;

import groovyjarjarantlr4.v4.runtime.atn.ATN;

/**
 * TeaVM replacement for Groovy's ATN cache manager. The original starts a daemon thread blocked on a ReferenceQueue to
 * clear the parser's DFA cache when the GC drops a soft reference; TeaVM never clears soft references and threads
 * would pull coroutines into the module. Here the DFA cache lives across parses (that is the parser's main speed-up)
 * and is dropped every {@link #CLEAR_EVERY} parses so memory stays bounded. The public surface is what the parser
 * and its two subclasses use.
 */
public abstract class AtnManager {
    /** Parses between DFA cache clears; a measured trade-off between warm speed and resident memory. */
    static final long CLEAR_EVERY = 256;

    private static final ReentrantReadWriteLock RRWL = new ReentrantReadWriteLock(true);
    public static final ReentrantReadWriteLock.ReadLock READ_LOCK = RRWL.readLock();

    private AtnWrapper wrapper;

    public ATN getATN() {
        return getAtnWrapper().checkAndClear();
    }

    protected abstract AtnWrapper createAtnWrapper();

    protected AtnWrapper getAtnWrapper() {
        if (wrapper == null) {
            wrapper = createAtnWrapper();
        }
        return wrapper;
    }

    protected abstract boolean shouldClearDfaCache();

    protected class AtnWrapper {
        private final ATN atn;
        private long uses;

        public AtnWrapper(ATN atn) {
            this.atn = atn;
        }

        public ATN checkAndClear() {
            if (shouldClearDfaCache() && ++uses % CLEAR_EVERY == 0) {
                clearDFA();
            }
            return atn;
        }

        public void clearDFA() {
            atn.clearDFA();
        }
    }
}
