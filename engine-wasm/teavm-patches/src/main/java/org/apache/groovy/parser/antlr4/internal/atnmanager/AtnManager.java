package org.apache.groovy.parser.antlr4.internal.atnmanager;

import java.util.concurrent.locks.ReentrantReadWriteLock;

import groovyjarjarantlr4.v4.runtime.atn.ATN;
import groovyjarjarantlr4.v4.runtime.atn.CompactContextCache;
import groovyjarjarantlr4.v4.runtime.atn.SeededParserDfa;
import groovyjarjarantlr4.v4.runtime.atn.SharedIntArrays;
import groovyjarjarantlr4.v4.runtime.dfa.DFA;
import groovyjarjarantlr4.v4.runtime.dfa.DfaEviction;
import org.apache.groovy.parser.antlr4.GroovyParser;

/**
 * TeaVM replacement for Groovy's ATN cache manager. The original starts a daemon thread blocked on a ReferenceQueue to
 * clear the parser's DFA cache when the GC drops a soft reference; TeaVM never clears soft references and threads
 * would pull coroutines into the module.
 *
 * <p>The DFA cache is the parser's main speed-up: a parse that finds an edge in it skips ATN simulation, which is the
 * code that is slowest in wasm and allocates most. Stock Groovy keeps it until memory is short. An earlier version
 * of this class cleared it every 256 parses, which kept the parser cold (real code: 1.8-3.8x slower on the JVM,
 * most of wasm's warm deficit). It is now bounded by its size instead: the number of DFA states plus cached
 * prediction contexts, which is what holds memory and what grows only while new syntax is being seen. A project of
 * a few hundred files settles under the budget (docs/performance.md, "The parser's DFA"); past it, varied code keeps
 * the states predictions still reach and drops the rest (DfaEviction), and only a hot part over the budget clears
 * the cache whole.
 */
public abstract class AtnManager {
    /**
     * DFA states plus cached prediction contexts above which the cache is evicted (or cleared). Chosen against resident memory:
     * see docs/performance.md ("The parser's DFA", "Memory policies") for the growth on real code and the heap it costs (about 190 bytes of wasm heap
     * per entry since the DFA's configurations are packed, 430 before).
     */
    static final long DEFAULT_MAX_CACHED = 1_000_000;

    private static long maxCached = DEFAULT_MAX_CACHED;

    /** Parses between size checks; a check walks every decision's DFA, a few hundred map sizes. */
    static final long CHECK_EVERY = 8;

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

    /**
     * Sets the budget (entries; 0 or less leaves it as it is) and returns the parser's cache size now. For the
     * benches, which measure time against memory over budgets in one build, and for a host that knows its memory.
     */
    public static long parserCacheBudget(long entries) {
        if (entries > 0) {
            maxCached = entries;
        }
        return cachedSize(ParserAtnManager.INSTANCE.getAtnWrapper().atn);
    }

    /**
     * Fills the parser's empty DFA from the build's seed (docs/engine.md "The parser's DFA, seeded") and returns
     * {decisions, states} seeded. At the budget an eviction keeps the seeded states predictions still reach; the
     * parser learns the rest again, as without a seed.
     */
    public static int[] seedParser(byte[] seed) {
        return SeededParserDfa.install(ParserAtnManager.INSTANCE.getAtnWrapper().atn, seed,
                GroovyParser._serializedATN.hashCode());
    }

    /**
     * DFA states over every decision plus the ATN's prediction-context cache: what a clear would release. In wasm the
     * contexts live in {@link CompactContextCache} (GroovyPatches delegates ATN.getCachedContext there) and the ATN's
     * own map stays empty; on the JVM with this jar in front of Groovy it is the other way round, so both count.
     */
    static long cachedSize(ATN atn) {
        long n = atn.getContextCacheSize() + CompactContextCache.of(atn).size();
        for (DFA dfa : atn.decisionToDFA) {
            n += dfa.states.size();
        }
        return n;
    }

    protected class AtnWrapper {
        private final ATN atn;
        private long uses;

        public AtnWrapper(ATN atn) {
            this.atn = atn;
        }

        public ATN checkAndClear() {
            if (shouldClearDfaCache() && ++uses % CHECK_EVERY == 0 && cachedSize(atn) > maxCached) {
                evictOrClear();
            }
            return atn;
        }

        /**
         * Keeps the states predictions reached since the last eviction (DfaEviction) and drops the rest; when what
         * is kept is still over three quarters of the budget, the hot part itself does not fit, and the cache is
         * cleared whole as before, so evictions never follow each other every few parses.
         */
        private void evictOrClear() {
            DfaEviction.evict(atn);
            SharedIntArrays.clear();
            if (cachedSize(atn) > maxCached / 4 * 3) {
                clearDFA();
            }
        }

        public void clearDFA() {
            atn.clearDFA();
            CompactContextCache.of(atn).clear();
            SharedIntArrays.clear();
        }
    }
}
