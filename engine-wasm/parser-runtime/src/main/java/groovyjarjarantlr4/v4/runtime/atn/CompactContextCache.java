package groovyjarjarantlr4.v4.runtime.atn;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentMap;

/**
 * The ATN's cache of canonical prediction contexts, as a set in one open-addressed array. ANTLR keeps it in a
 * {@code ConcurrentHashMap} from each context to itself; a warm parser holds about 900,000 of them, and TeaVM's map
 * spends a 64-byte entry object plus a table slot on each (75 MB of wasm heap against 10 MB for the references
 * alone). Here an entry is one array slot, at most three quarters full.
 *
 * <p>Installed by the delegate of {@code ATN.getCachedContext} in {@code io.groovymcp.teavm.GroovyPatches}: the only
 * reader of the original map, which stays empty. {@code AtnManager} sizes and clears this one with the DFA, and an
 * eviction of the DFA refills it with what the kept states hold ({@link #retainOnly}).
 */
public final class CompactContextCache extends AbstractMap<PredictionContext, PredictionContext>
        implements ConcurrentMap<PredictionContext, PredictionContext> {
    private static final List<ATN> OWNERS = new ArrayList<>();
    private static final List<CompactContextCache> CACHES = new ArrayList<>();

    private PredictionContext[] table = new PredictionContext[64];
    private int size;

    /** The cache of one ATN; ATNs are the grammar's, a handful per process, so a list by identity is enough. */
    public static CompactContextCache of(ATN atn) {
        for (int i = 0; i < OWNERS.size(); i++) {
            if (OWNERS.get(i) == atn) {
                return CACHES.get(i);
            }
        }
        CompactContextCache cache = new CompactContextCache();
        OWNERS.add(atn);
        CACHES.add(cache);
        return cache;
    }

    /** Delegate of {@code ATN.getCachedContext}: the original's canonicalisation, against this cache. */
    public static PredictionContext cachedContext(ATN atn, PredictionContext context) {
        CompactContextCache cache = of(atn);
        if (context.isEmpty()) {
            return context;
        }
        // What the original returns when the context is cached already (its visited map is empty on entry), without
        // allocating that map: the usual case, once per configuration of every DFA state added.
        PredictionContext cached = cache.get(context);
        if (cached != null) {
            return cached;
        }
        return PredictionContext.getCachedContext(context, cache, new PredictionContext.IdentityHashMap());
    }

    /** The home slot of {@code hash} in a table of {@code mask + 1} slots, a power of two (SharedIntArrays too). */
    static int slot(int hash, int mask) {
        // Fibonacci hashing: the top bits of the product, as many as the table needs
        return (hash * 0x9E3779B9) >>> Integer.numberOfLeadingZeros(mask);
    }

    @Override
    public PredictionContext get(Object key) {
        if (!(key instanceof PredictionContext)) {
            return null;
        }
        PredictionContext[] t = table;
        int mask = t.length - 1;
        int hash = key.hashCode();
        for (int i = slot(hash, mask); ; i = (i + 1) & mask) {
            PredictionContext e = t[i];
            if (e == null) {
                return null;
            }
            // A context's hash is a final field and equal contexts hash alike; comparing it first skips the call to
            // equals for the other contexts of the probe sequence (up to three quarters of the table is full).
            if (e == key || e.hashCode() == hash && e.equals(key)) {
                return e;
            }
        }
    }

    @Override
    public boolean containsKey(Object key) {
        return get(key) != null;
    }

    /** The cache maps each context to itself (a canonical set); any other pair would be lost, so it is refused. */
    @Override
    public PredictionContext putIfAbsent(PredictionContext key, PredictionContext value) {
        if (key != value || key == null) {
            throw new IllegalArgumentException("a context cache maps a context to itself");
        }
        PredictionContext existing = get(key);
        if (existing != null) {
            return existing;
        }
        if (4 * (size + 1) > 3 * table.length) {
            grow();
        }
        insert(table, key);
        size++;
        return null;
    }

    @Override
    public PredictionContext put(PredictionContext key, PredictionContext value) {
        PredictionContext existing = putIfAbsent(key, value);
        return existing;
    }

    private static void insert(PredictionContext[] t, PredictionContext c) {
        int mask = t.length - 1;
        int i = slot(c.hashCode(), mask);
        while (t[i] != null) {
            i = (i + 1) & mask;
        }
        t[i] = c;
    }

    private void grow() {
        PredictionContext[] bigger = new PredictionContext[table.length * 2];
        for (PredictionContext c : table) {
            if (c != null) {
                insert(bigger, c);
            }
        }
        table = bigger;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public void clear() {
        table = new PredictionContext[64];
        size = 0;
    }

    /**
     * Empties the cache and puts back the contexts the given DFA states' configurations hold, with their parents:
     * after an eviction ({@code DfaEviction}) new states share the contexts the kept ones hold, as before it. Those
     * contexts came through {@link #cachedContext}, so each is canonical and its parents are too.
     */
    public void retainOnly(List<ATNConfigSet> sets) {
        clear();
        // a worklist, not recursion: a context's depth is the parse's rule nesting, which hostile input makes deep
        List<PredictionContext> pending = new ArrayList<>();
        for (ATNConfigSet set : sets) {
            if (set instanceof PackedConfigSet) {
                for (PredictionContext c : ((PackedConfigSet) set).contexts()) {
                    pending.add(c);
                }
            } else {
                for (ATNConfig c : set) {
                    pending.add(c.getContext());
                }
            }
            while (!pending.isEmpty()) {
                PredictionContext c = pending.remove(pending.size() - 1);
                // an empty context is never cached; one already back was put back with its parents
                if (c == null || c.isEmpty() || putIfAbsent(c, c) != null) {
                    continue;
                }
                for (int i = 0; i < c.size(); i++) {
                    pending.add(c.getParent(i));
                }
            }
        }
    }

    @Override
    public boolean remove(Object key, Object value) {
        throw new UnsupportedOperationException("the context cache never drops one context alone");
    }

    @Override
    public boolean replace(PredictionContext key, PredictionContext oldValue, PredictionContext newValue) {
        throw new UnsupportedOperationException("the context cache never drops one context alone");
    }

    @Override
    public PredictionContext replace(PredictionContext key, PredictionContext value) {
        throw new UnsupportedOperationException("the context cache never drops one context alone");
    }

    @Override
    public Set<Entry<PredictionContext, PredictionContext>> entrySet() {
        return new AbstractSet<Entry<PredictionContext, PredictionContext>>() {
            @Override
            public Iterator<Entry<PredictionContext, PredictionContext>> iterator() {
                List<Entry<PredictionContext, PredictionContext>> entries = new ArrayList<>(size);
                for (PredictionContext c : table) {
                    if (c != null) {
                        entries.add(new SimpleImmutableEntry<>(c, c));
                    }
                }
                return entries.iterator();
            }

            @Override
            public int size() {
                return size;
            }
        };
    }
}
