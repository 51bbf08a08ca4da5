package groovyjarjarantlr4.v4.runtime.atn;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;

import groovyjarjarantlr4.v4.runtime.misc.Utils;

/**
 * The configurations of a parser DFA state, kept as numbers and references instead of one {@link ATNConfig} object
 * each. A warm DFA of real Groovy holds about 3.9 million configurations in 56,000 states; in TeaVM's WasmGC heap an
 * ATNConfig costs 56 bytes plus 8 for the list slot pointing at it (a V8 header, TeaVM's vtable and monitor fields,
 * then state, alt bits and context), which made the configurations 60% of the cache
 * (docs/performance.md, "The parser's DFA"). Here one costs 12 bytes: one int holding the ATN state's number and the alt/outer-depth/precedence
 * bits (two ints when a state number or an alt is too large to share one: not for Groovy's grammar, 1,927 states),
 * and the prediction context reference.
 *
 * <p>Only read-only sets are packed, and only when every configuration is a plain or semantic-context one (no lexer
 * action, no non-greedy flag), so {@link ATNConfig#create} rebuilds each with the class and fields it had. A DFA
 * state's set is read-only: the simulator reads its flags on every prediction (kept as fields here) and walks its
 * configurations only when the DFA has no edge for the next token, which is when they are rebuilt, as fresh objects
 * nobody else holds. Equality, hash code and iteration order are those of the set it was made from, so the DFA's
 * state map finds the same states.
 *
 * <p>Installed by two delegates in {@code io.groovymcp.teavm.GroovyPatches}: {@code ATNConfigSet.clone(boolean)}
 * (which makes every read-only copy) and {@code ATNConfigSet.equals} (whose original reads the other set's private
 * fields, which a packed set leaves empty).
 */
public final class PackedConfigSet extends ATNConfigSet {
    /** A set that is never written: the superclass copies its (empty) list, so a packed set holds no objects. */
    private static final ATNConfigSet EMPTY = new ATNConfigSet();

    private final ATN atn;
    /**
     * Per configuration, narrow: state number in bits 0-15, alt in 16-23, outer context depth and the precedence flag
     * in 24-31 where ATNConfig keeps them; wide (two ints): the state number, then ATNConfig's word as it is.
     */
    private final int[] codes;
    private final boolean wide;
    private PredictionContext[] contexts;
    /** Null when every configuration has {@link SemanticContext#NONE}, the usual case. */
    private final SemanticContext[] semantics;
    /** The hash of the configurations as a list, the part of the set's hash code that does not depend on flags. */
    private final int listHash;

    private final int uniqueAlt;
    private final ConflictInfo conflictInfo;
    private final boolean hasSemanticContext;
    private final boolean dipsIntoOuterContext;
    private boolean outermostConfigSet;

    private PackedConfigSet(ATNConfigSet source, ATN atn, int[] codes, boolean wide, PredictionContext[] contexts,
            SemanticContext[] semantics, int listHash) {
        this(atn, codes, wide, contexts, semantics, listHash, source.getUniqueAlt(), source.getConflictInfo(),
                source.hasSemanticContext(), source.getDipsIntoOuterContext(), source.isOutermostConfigSet());
    }

    private PackedConfigSet(ATN atn, int[] codes, boolean wide, PredictionContext[] contexts,
            SemanticContext[] semantics, int listHash, int uniqueAlt, ConflictInfo conflictInfo,
            boolean hasSemanticContext, boolean dipsIntoOuterContext, boolean outermostConfigSet) {
        super(EMPTY, true);
        this.atn = atn;
        // most DFA states have the codes of another state (SharedIntArrays); a copy's are shared already
        this.codes = SharedIntArrays.configCodes(codes);
        this.wide = wide;
        this.contexts = contexts;
        this.semantics = semantics;
        this.listHash = listHash;
        this.uniqueAlt = uniqueAlt;
        this.conflictInfo = conflictInfo;
        this.hasSemanticContext = hasSemanticContext;
        this.dipsIntoOuterContext = dipsIntoOuterContext;
        this.outermostConfigSet = outermostConfigSet;
    }

    /**
     * A set read from the parser's seed ({@link SeededParserDfa}): narrow codes, its contexts and predicates (null
     * when none has one) and the flags and list hash the set it was written from had, so it equals and hashes as
     * that set would, with no configuration object made.
     */
    static PackedConfigSet seeded(ATN atn, int[] narrowCodes, PredictionContext[] contexts, SemanticContext[] semantics,
            int listHash, int uniqueAlt, ConflictInfo conflictInfo, boolean dipsIntoOuterContext) {
        return new PackedConfigSet(atn, narrowCodes, false, contexts, semantics, listHash, uniqueAlt, conflictInfo,
                semantics != null, dipsIntoOuterContext, false);
    }

    /** A packed set's copy shares its arrays: nothing writes them but {@link #optimizeConfigs}, which copies first. */
    private PackedConfigSet(PackedConfigSet source) {
        this(source, source.atn, source.codes, source.wide, source.contexts, source.semantics, source.listHash);
    }

    /** Delegate of {@code ATNConfigSet.clone(boolean)}: the original's copy, packed when it is read-only and can be. */
    public static ATNConfigSet cloneOf(ATNConfigSet self, boolean readonly) {
        if (readonly) {
            PackedConfigSet packed = pack(self);
            if (packed != null) {
                return packed;
            }
        }
        ATNConfigSet copy = new ATNConfigSet(self, readonly);
        if (!readonly && self.isReadOnly()) {
            copy.addAll(self);
        }
        return copy;
    }

    /** Null when a configuration carries what {@link ATNConfig#create} cannot rebuild from the packed fields. */
    static PackedConfigSet pack(ATNConfigSet source) {
        int n = source.size();
        int[] codes = new int[2 * n];
        boolean wide = false;
        PredictionContext[] contexts = new PredictionContext[n];
        SemanticContext[] semantics = null;
        ATN atn = null;
        int listHash = 1;
        for (int i = 0; i < n; i++) {
            ATNConfig c = source.get(i);
            if (c.getLexerActionExecutor() != null || c.hasPassedThroughNonGreedyDecision()) {
                return null;
            }
            ATNState state = c.getState();
            if (atn == null) {
                atn = state.atn;
            }
            if (state.atn != atn || atn == null || atn.states.get(state.stateNumber) != state) {
                return null;
            }
            codes[2 * i] = state.stateNumber;
            codes[2 * i + 1] = c.getAlt() | (c.getOuterContextDepth() << 24) | (c.isPrecedenceFilterSuppressed() ? 0x80000000 : 0);
            wide |= state.stateNumber > 0xFFFF || c.getAlt() > 0xFF;
            contexts[i] = c.getContext();
            SemanticContext sem = c.getSemanticContext();
            if (sem != SemanticContext.NONE) {
                if (semantics == null) {
                    semantics = new SemanticContext[n];
                    for (int j = 0; j < i; j++) {
                        semantics[j] = SemanticContext.NONE;
                    }
                }
                semantics[i] = sem;
            } else if (semantics != null) {
                semantics[i] = sem;
            }
            listHash = 31 * listHash + c.hashCode();
        }
        if (!wide) {
            int[] narrow = new int[n];
            for (int i = 0; i < n; i++) {
                int bits = codes[2 * i + 1];
                narrow[i] = (bits & 0xFF000000) | (bits & 0xFF) << 16 | codes[2 * i];
            }
            codes = narrow;
        }
        return new PackedConfigSet(source, atn, codes, wide, contexts, semantics, listHash);
    }

    /** The configurations' contexts, in order; shared, never to be written (the context cache refills from it). */
    PredictionContext[] contexts() {
        return contexts;
    }

    private int stateOf(int i) {
        return wide ? codes[2 * i] : codes[i] & 0xFFFF;
    }

    /** ATNConfig's alt/outer context depth/precedence word of configuration {@code i}. */
    private int bitsOf(int i) {
        if (wide) {
            return codes[2 * i + 1];
        }
        int code = codes[i];
        return (code & 0xFF000000) | (code >>> 16 & 0xFF);
    }

    private ATNConfig config(int i) {
        int bits = bitsOf(i);
        ATNConfig c = ATNConfig.create(atn.states.get(stateOf(i)), bits & 0x00FFFFFF, contexts[i],
                semantics == null ? SemanticContext.NONE : semantics[i]);
        int depth = (bits >>> 24) & 0x7F;
        if (depth != 0) {
            c.setOuterContextDepth(depth);
        }
        if (bits < 0) {
            c.setPrecedenceFilterSuppressed(true);
        }
        return c;
    }

    private SemanticContext semantic(int i) {
        return semantics == null ? SemanticContext.NONE : semantics[i];
    }

    /**
     * {@code ATNConfig.equals} between configuration {@code i} and {@code other}, without rebuilding it; {@code
     * packedFirst} keeps the receiver of the original's context and predicate comparisons.
     */
    private boolean matches(int i, ATNConfig other, boolean packedFirst) {
        int bits = bitsOf(i);
        if (stateOf(i) != other.getState().stateNumber || (bits & 0x00FFFFFF) != other.getAlt()
                || ((bits & 0x7F000000) != 0) != other.getReachesIntoOuterContext()
                || (bits < 0) != other.isPrecedenceFilterSuppressed()
                || other.hasPassedThroughNonGreedyDecision() || other.getLexerActionExecutor() != null) {
            return false;
        }
        return packedFirst
                ? contexts[i].equals(other.getContext()) && semantic(i).equals(other.getSemanticContext())
                : other.getContext().equals(contexts[i]) && other.getSemanticContext().equals(semantic(i));
    }

    /** Delegate of {@code ATNConfigSet.equals}: the original's comparison, through accessors on both sides. */
    public static boolean setEquals(ATNConfigSet self, Object obj) {
        if (self == obj) {
            return true;
        }
        if (!(obj instanceof ATNConfigSet)) {
            return false;
        }
        ATNConfigSet other = (ATNConfigSet) obj;
        if (self.isOutermostConfigSet() != other.isOutermostConfigSet()
                || !Utils.equals(self.getConflictInfo(), other.getConflictInfo())) {
            return false;
        }
        int n = self.size();
        if (n != other.size()) {
            return false;
        }
        if (self instanceof PackedConfigSet && other instanceof PackedConfigSet) {
            PackedConfigSet a = (PackedConfigSet) self;
            PackedConfigSet b = (PackedConfigSet) other;
            for (int i = 0; i < n; i++) {
                int abits = a.bitsOf(i);
                int bbits = b.bitsOf(i);
                if (a.stateOf(i) != b.stateOf(i) || (abits & 0x80FFFFFF) != (bbits & 0x80FFFFFF)
                        || ((abits & 0x7F000000) != 0) != ((bbits & 0x7F000000) != 0)
                        || !a.contexts[i].equals(b.contexts[i]) || !a.semantic(i).equals(b.semantic(i))) {
                    return false;
                }
            }
            return true;
        }
        if (self instanceof PackedConfigSet) {
            PackedConfigSet a = (PackedConfigSet) self;
            for (int i = 0; i < n; i++) {
                if (!a.matches(i, other.get(i), true)) {
                    return false;
                }
            }
            return true;
        }
        if (other instanceof PackedConfigSet) {
            PackedConfigSet b = (PackedConfigSet) other;
            for (int i = 0; i < n; i++) {
                if (!b.matches(i, self.get(i), false)) {
                    return false;
                }
            }
            return true;
        }
        for (int i = 0; i < n; i++) {
            if (!self.get(i).equals(other.get(i))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean equals(Object obj) {
        return setEquals(this, obj);
    }

    @Override
    public int hashCode() {
        return 5 * (5 ^ (outermostConfigSet ? 1 : 0)) ^ listHash;
    }

    @Override
    public ATNConfigSet clone(boolean readonly) {
        if (readonly) {
            return new PackedConfigSet(this);
        }
        // The original copies the flags, then adds every configuration again.
        ATNConfigSet copy = new ATNConfigSet();
        if (outermostConfigSet) {
            copy.setOutermostConfigSet(true);
        }
        copy.addAll(this);
        return copy;
    }

    @Override
    public int size() {
        return contexts.length;
    }

    @Override
    public boolean isEmpty() {
        return contexts.length == 0;
    }

    @Override
    public ATNConfig get(int index) {
        if (index < 0 || index >= contexts.length) {
            throw new IndexOutOfBoundsException("Index: " + index + ", Size: " + contexts.length);
        }
        return config(index);
    }

    @Override
    public Iterator<ATNConfig> iterator() {
        return new Iterator<ATNConfig>() {
            private int next;

            @Override
            public boolean hasNext() {
                return next < contexts.length;
            }

            @Override
            public ATNConfig next() {
                if (next >= contexts.length) {
                    throw new NoSuchElementException();
                }
                return config(next++);
            }

            @Override
            public void remove() {
                if (next == 0) {
                    throw new IllegalStateException();
                }
                PackedConfigSet.this.remove(next - 1);
            }
        };
    }

    private List<ATNConfig> list() {
        List<ATNConfig> out = new ArrayList<>(contexts.length);
        for (int i = 0; i < contexts.length; i++) {
            out.add(config(i));
        }
        return out;
    }

    @Override
    public Object[] toArray() {
        return list().toArray();
    }

    @Override
    public <T> T[] toArray(T[] a) {
        return list().toArray(a);
    }

    @Override
    public BitSet getRepresentedAlternatives() {
        if (conflictInfo != null) {
            return (BitSet) conflictInfo.getConflictedAlts().clone();
        }
        BitSet alts = new BitSet();
        for (int i = 0; i < contexts.length; i++) {
            alts.set(bitsOf(i) & 0x00FFFFFF);
        }
        return alts;
    }

    @Override
    public Set<ATNState> getStates() {
        Set<ATNState> states = new HashSet<>();
        for (int i = 0; i < contexts.length; i++) {
            states.add(atn.states.get(stateOf(i)));
        }
        return states;
    }

    @Override
    public void optimizeConfigs(ATNSimulator interpreter) {
        PredictionContext[] cached = contexts.clone();
        for (int i = 0; i < cached.length; i++) {
            cached[i] = interpreter.atn.getCachedContext(cached[i]);
        }
        contexts = cached;
    }

    @Override
    public boolean isOutermostConfigSet() {
        return outermostConfigSet;
    }

    @Override
    public void setOutermostConfigSet(boolean outermostConfigSet) {
        if (this.outermostConfigSet && !outermostConfigSet) {
            throw new IllegalStateException();
        }
        this.outermostConfigSet = outermostConfigSet;
    }

    @Override
    public int getUniqueAlt() {
        return uniqueAlt;
    }

    @Override
    public boolean hasSemanticContext() {
        return hasSemanticContext;
    }

    @Override
    public ConflictInfo getConflictInfo() {
        return conflictInfo;
    }

    @Override
    public BitSet getConflictingAlts() {
        return conflictInfo == null ? null : conflictInfo.getConflictedAlts();
    }

    @Override
    public boolean isExactConflict() {
        return conflictInfo != null && conflictInfo.isExact();
    }

    @Override
    public boolean getDipsIntoOuterContext() {
        return dipsIntoOuterContext;
    }

    @Override
    public String toString() {
        return toString(false);
    }

    @Override
    public String toString(boolean showContext) {
        List<ATNConfig> sorted = list();
        Collections.sort(sorted, (a, b) -> a.getAlt() != b.getAlt() ? a.getAlt() - b.getAlt()
                : a.getState().stateNumber != b.getState().stateNumber ? a.getState().stateNumber - b.getState().stateNumber
                : a.getSemanticContext().toString().compareTo(b.getSemanticContext().toString()));
        StringBuilder buf = new StringBuilder("[");
        for (int i = 0; i < sorted.size(); i++) {
            buf.append(i > 0 ? ", " : "").append(sorted.get(i).toString(null, true, showContext));
        }
        buf.append(']');
        if (hasSemanticContext) {
            buf.append(",hasSemanticContext=true");
        }
        if (uniqueAlt != ATN.INVALID_ALT_NUMBER) {
            buf.append(",uniqueAlt=").append(uniqueAlt);
        }
        if (conflictInfo != null) {
            buf.append(",conflictingAlts=").append(conflictInfo.getConflictedAlts());
            if (!conflictInfo.isExact()) {
                buf.append('*');
            }
        }
        if (dipsIntoOuterContext) {
            buf.append(",dipsIntoOuterContext");
        }
        return buf.toString();
    }
}
