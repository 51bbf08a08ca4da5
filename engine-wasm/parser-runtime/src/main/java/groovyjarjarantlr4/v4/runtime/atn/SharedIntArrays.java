package groovyjarjarantlr4.v4.runtime.atn;

import java.util.Arrays;

/**
 * One shared {@code int[]} per distinct contents, for the parser DFA's arrays that many objects hold alike and nothing
 * writes once built. Counted on the JVM ({@code bench/dfa-shape}) when the real-code corpus has filled the DFA to
 * ~509,000 cache entries (docs/performance.md, "The parser's DFA"):
 * <ul>
 *   <li>{@link ArrayPredictionContext#returnStates}: ~97,000 array contexts, 463 distinct lists. ANTLR fills each
 *   array before it passes it to the constructor, which hashes the contents into the context's final hash code.
 *   Installed by the filter of that field in {@code io.groovymcp.teavm.GroovyPatches}: every store goes through
 *   {@link #returnStates};</li>
 *   <li>the configuration codes of a {@link PackedConfigSet} (ATN state, alternative and flags per configuration):
 *   30,826 DFA states, 5,805 distinct code lists, and 1.78 of the 2.19 million configurations in a list another
 *   state has too. The set never writes its codes.</li>
 * </ul>
 * In TeaVM's WasmGC heap a Java {@code int[]} costs ~64 bytes besides its elements (the array object and the wasm
 * array it wraps), so sharing saves ~16 MB of the ~153 MB of wasm heap the engine then holds. {@code AtnManager}
 * clears both tables with the DFA, so arrays that only dropped objects held do not outlive the cache; an object
 * built before a clear keeps its array.
 */
public final class SharedIntArrays {
    private static final SharedIntArrays RETURN_STATES = new SharedIntArrays();
    private static final SharedIntArrays CONFIG_CODES = new SharedIntArrays();

    private int[][] table = new int[64][];
    private int size;

    private SharedIntArrays() {
    }

    /** The filter of {@code ArrayPredictionContext.returnStates}: the shared array with these return states. */
    public static int[] returnStates(int[] states) {
        return RETURN_STATES.intern(states);
    }

    /** The shared array with these configuration codes. */
    static int[] configCodes(int[] codes) {
        return CONFIG_CODES.intern(codes);
    }

    /** Drops both tables; called when the parser's DFA and context cache are cleared. */
    public static void clear() {
        RETURN_STATES.reset();
        CONFIG_CODES.reset();
    }

    /** Distinct arrays held: {return-state lists, configuration code lists} (for tests and the benches' counts). */
    public static int[] sizes() {
        return new int[] {RETURN_STATES.size, CONFIG_CODES.size};
    }

    /** The first array seen with the contents of {@code values}; null for null. */
    private int[] intern(int[] values) {
        if (values == null) {
            return null;
        }
        int[][] t = table;
        int mask = t.length - 1;
        int hash = Arrays.hashCode(values);
        for (int i = CompactContextCache.slot(hash, mask); ; i = (i + 1) & mask) {
            int[] e = t[i];
            if (e == null) {
                break;
            }
            if (e == values || Arrays.equals(e, values)) {
                return e;
            }
        }
        if (4 * (size + 1) > 3 * t.length) {
            grow();
        }
        insert(table, values, hash);
        size++;
        return values;
    }

    private void reset() {
        table = new int[64][];
        size = 0;
    }

    private static void insert(int[][] t, int[] values, int hash) {
        int mask = t.length - 1;
        int i = CompactContextCache.slot(hash, mask);
        while (t[i] != null) {
            i = (i + 1) & mask;
        }
        t[i] = values;
    }

    private void grow() {
        int[][] bigger = new int[table.length * 2][];
        for (int[] e : table) {
            if (e != null) {
                insert(bigger, e, Arrays.hashCode(e));
            }
        }
        table = bigger;
    }
}
