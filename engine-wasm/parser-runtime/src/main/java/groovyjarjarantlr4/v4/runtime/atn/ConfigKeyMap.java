package groovyjarjarantlr4.v4.runtime.atn;

import java.util.Arrays;
import java.util.HashMap;

/**
 * The merge map of a writable {@link ATNConfigSet} ({@code mergedConfigs}: configuration key to the configuration
 * that absorbs later ones with the same key), as one open-addressed table of primitive keys. ANTLR keys it by
 * {@code stateNumber << 12 | alt}; {@code Long.hashCode} of such a key is the key itself, and TeaVM's
 * {@code HashMap} picks the bucket with {@code hash & (length - 1)} and no spreading, so below 4,096 slots the
 * bucket is the alternative alone: every configuration of one alternative lands in one chain, and each add of the
 * ATN simulation walks it (docs/performance.md, "The parser's DFA"). Fibonacci hashing spreads the state bits, and a
 * slot is two array cells instead of an entry object.
 *
 * <p>Installed by GroovyPatches' construct rewrite, which makes {@code ATNConfigSet}'s own {@code new HashMap()}
 * and {@code new HashMap(int)} build this class. The set calls {@code get}, {@code put}, {@code remove},
 * {@code clear} and {@code clone} on it and nothing else (javap of Groovy 5.0.8's ATNConfigSet), and never iterates
 * it; those five keep {@code HashMap}'s answers for every key (keys are never null, values never null). Only those
 * five are overridden: every other {@code HashMap} method reads the superclass's empty table. Overriding more
 * (size, isEmpty, containsKey, the views) would turn calls that TeaVM now binds directly everywhere in the compiler
 * into virtual ones, for methods this map never needs.
 */
public final class ConfigKeyMap extends HashMap<Long, ATNConfig> {
    private static final long serialVersionUID = 1L;
    private static final ATNConfig[] NONE = new ATNConfig[0];
    /** Most writable sets hold a few configurations; the table doubles past three quarters. */
    private static final int FIRST = 8;

    private long[] keys;
    private ATNConfig[] values = NONE;
    private int size;

    public ConfigKeyMap() {
        super(1);
    }

    /** The superclass's capacity hint: a table that holds {@code expected} keys without growing. */
    public ConfigKeyMap(int expected) {
        super(1);
        if (expected < 0) {
            throw new IllegalArgumentException("Illegal initial capacity: " + expected);
        }
        if (expected > 0) {
            allocate(capacityFor(expected));
        }
    }

    private static int capacityFor(int expected) {
        int capacity = FIRST;
        while (capacity * 3L / 4 < expected) {
            capacity <<= 1;
        }
        return capacity;
    }

    private void allocate(int capacity) {
        keys = new long[capacity];
        values = new ATNConfig[capacity];
    }

    private static int slot(long key, int mask) {
        // Fibonacci hashing on all 64 bits: the top bits of the product, as many as the table needs
        return (int) ((key * 0x9E3779B97F4A7C15L) >>> (64 - Integer.numberOfTrailingZeros(mask + 1)));
    }

    private int find(long key) {
        if (size == 0) {
            return -1;
        }
        int mask = values.length - 1;
        for (int i = slot(key, mask);; i = (i + 1) & mask) {
            ATNConfig v = values[i];
            if (v == null) {
                return -1;
            }
            if (keys[i] == key) {
                return i;
            }
        }
    }

    @Override
    public ATNConfig get(Object key) {
        if (!(key instanceof Long)) {
            return null;
        }
        int i = find((Long) key);
        return i < 0 ? null : values[i];
    }

    @Override
    public ATNConfig put(Long boxed, ATNConfig value) {
        if (boxed == null || value == null) {
            throw new IllegalArgumentException("ATNConfigSet's merge map holds neither null keys nor null values");
        }
        long key = boxed;
        if (values.length == 0) {
            allocate(FIRST);
        }
        int mask = values.length - 1;
        int i = slot(key, mask);
        for (;; i = (i + 1) & mask) {
            ATNConfig v = values[i];
            if (v == null) {
                break;
            }
            if (keys[i] == key) {
                values[i] = value;
                return v;
            }
        }
        keys[i] = key;
        values[i] = value;
        if (++size > values.length * 3 / 4) {
            grow();
        }
        return null;
    }

    private void grow() {
        long[] oldKeys = keys;
        ATNConfig[] oldValues = values;
        allocate(oldValues.length * 2);
        int mask = values.length - 1;
        for (int j = 0; j < oldValues.length; j++) {
            if (oldValues[j] != null) {
                int i = slot(oldKeys[j], mask);
                while (values[i] != null) {
                    i = (i + 1) & mask;
                }
                keys[i] = oldKeys[j];
                values[i] = oldValues[j];
            }
        }
    }

    @Override
    public ATNConfig remove(Object key) {
        if (!(key instanceof Long)) {
            return null;
        }
        int i = find((Long) key);
        if (i < 0) {
            return null;
        }
        ATNConfig old = values[i];
        // Linear probing without tombstones: pull later keys of the run back over the hole when their home slot is
        // not between the hole and where they sit, so every key stays reachable from its home slot.
        int mask = values.length - 1;
        int hole = i;
        for (int j = (i + 1) & mask; values[j] != null; j = (j + 1) & mask) {
            int home = slot(keys[j], mask);
            if (((j - home) & mask) >= ((j - hole) & mask)) {
                keys[hole] = keys[j];
                values[hole] = values[j];
                hole = j;
            }
        }
        values[hole] = null;
        keys[hole] = 0;
        size--;
        return old;
    }

    @Override
    public void clear() {
        if (size > 0) {
            Arrays.fill(values, null);
            size = 0;
        }
    }

    /** The number of keys (not {@code size()}: see the class comment). */
    int count() {
        return size;
    }

    @Override
    public ConfigKeyMap clone() {
        ConfigKeyMap copy = new ConfigKeyMap();
        if (size > 0) {
            copy.keys = keys.clone();
            copy.values = values.clone();
            copy.size = size;
        }
        return copy;
    }
}
