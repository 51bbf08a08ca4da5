package groovyjarjarantlr4.v4.runtime.atn;

import java.util.BitSet;

import groovyjarjarantlr4.v4.runtime.dfa.AcceptStateInfo;
import groovyjarjarantlr4.v4.runtime.dfa.DFA;
import groovyjarjarantlr4.v4.runtime.dfa.DFAState;

/**
 * Fills an empty parser DFA from the seed the build trained on the JVM (parser-seed
 * {@code io.groovymcp.parserseed}; its {@code SeedFormat} is the layout, docs/engine.md "The parser's DFA,
 * seeded"). A cold parser spends most of a first parse in ATN simulation, the code that is slowest in wasm; a
 * seeded state answers a prediction from its edges instead.
 *
 * <p>Nothing here runs ANTLR's simulation: contexts are made with the constructors the simulator uses (this class
 * is in their package for that), configuration sets are {@link PackedConfigSet}s over the numbers as written, and
 * states carry the prediction they had. So a seed costs one pass over its bytes, and a state's configurations become
 * objects only if a parse misses from that state, as for any packed state. The build checks every state against the
 * simulator's own result before it writes a seed, so a seeded DFA holds only what this parser would have memoised
 * itself; it can change how fast a prediction is made, never which.
 *
 * <p>In this package for the package-private constructors of the prediction contexts. Only decisions whose DFA is
 * still empty are filled. A precedence decision (the loop of a left-recursive rule) gets one start state per
 * precedence the training parsed it at: computing one is a closure over the whole {@code expression} rule, 100-120
 * configurations, which a first compile otherwise pays for at each precedence it meets.
 */
public final class SeededParserDfa {
    private static final byte[] MAGIC = {'G', 'D', 'F', '2'};
    private static final int DIPS_INTO_OUTER_CONTEXT = 1;
    private static final int HAS_CONFLICT = 2;
    private static final int EXACT_CONFLICT = 4;
    private static final int HAS_SEMANTIC_CONTEXT = 8;

    private final byte[] b;
    private int pos;

    private SeededParserDfa(byte[] b) {
        this.b = b;
    }

    private int count() {
        int v = 0;
        for (int shift = 0; ; shift += 7) {
            int x = b[pos++] & 0xFF;
            v |= (x & 0x7F) << shift;
            if (x < 0x80) {
                return v;
            }
        }
    }

    private int signed() {
        int v = count();
        return (v >>> 1) ^ -(v & 1);
    }

    /**
     * Seeds {@code atn}'s empty decisions from {@code seed}; returns {decisions, states} seeded. Throws
     * IllegalArgumentException for a seed of another grammar before anything changes, and for bytes that do not
     * decode; the seed is made by the same build as the module, so either is a build fault.
     */
    public static int[] install(ATN atn, byte[] seed, int grammarFingerprint) {
        return new SeededParserDfa(seed).read(atn, grammarFingerprint);
    }

    private int[] read(ATN atn, int grammarFingerprint) {
        for (byte m : MAGIC) {
            if (pos >= b.length || b[pos++] != m) {
                throw new IllegalArgumentException("parser seed: not a seed");
            }
        }
        if (signed() != grammarFingerprint || count() != atn.states.size()) {
            throw new IllegalArgumentException("parser seed: trained on another grammar");
        }
        CompactContextCache cache = CompactContextCache.of(atn);
        PredictionContext[] contexts = new PredictionContext[count() + 2];
        contexts[0] = PredictionContext.EMPTY_LOCAL;
        contexts[1] = PredictionContext.EMPTY_FULL;
        for (int k = 2; k < contexts.length; k++) {
            int n = count();
            PredictionContext made;
            if (n == 1) {
                PredictionContext parent = contexts[count()];
                made = new SingletonPredictionContext(parent, signed());
            } else {
                PredictionContext[] parents = new PredictionContext[n];
                int[] returnStates = new int[n];
                for (int i = 0; i < n; i++) {
                    parents[i] = contexts[count()];
                    returnStates[i] = signed();
                }
                made = new ArrayPredictionContext(parents, returnStates);
            }
            // Made from canonical parents, so it is canonical unless the cache holds an equal one already; entered
            // directly (ATN.getCachedContext would walk its parents again, with a visited map per context).
            PredictionContext cached = cache.putIfAbsent(made, made);
            contexts[k] = cached != null ? cached : made;
        }
        SemanticContext[] semantics = new SemanticContext[count() + 1];
        semantics[0] = SemanticContext.NONE;
        for (int k = 1; k < semantics.length; k++) {
            int kind = count();
            if (kind == 1) {
                semantics[k] = new SemanticContext.PrecedencePredicate(signed());
            } else {
                int rule = count();
                semantics[k] = new SemanticContext.Predicate(rule, count(), kind == 2);
            }
        }
        int decisions = count();
        int seededDecisions = 0;
        int seededStates = 0;
        for (int d = 0; d < decisions; d++) {
            int decision = count();
            DFA dfa = atn.decisionToDFA[decision];
            int n = count();
            int starts = count();
            int[] startPrecedence = new int[starts];
            int[] startState = new int[starts];
            for (int k = 0; k < starts; k++) {
                startPrecedence[k] = count();
                startState[k] = count();
                if (startState[k] >= n) {
                    throw new IllegalArgumentException("parser seed: a start state out of range");
                }
            }
            boolean fill = dfa.isPrecedenceDfa() == (starts > 0) && dfa.isEmpty();
            DFAState[] states = new DFAState[n];
            for (int k = 0; k < n; k++) {
                states[k] = state(atn, dfa, contexts, semantics, fill);
            }
            for (int k = 0; k < n; k++) {
                for (int e = count(); e > 0; e--) {
                    int symbol = signed();
                    int target = count();
                    if (fill) {
                        states[k].setTarget(symbol, target == 0 ? ATNSimulator.ERROR : states[target - 1]);
                    }
                }
            }
            if (fill && n > 0) {
                if (starts > 0) {
                    for (int k = 0; k < starts; k++) {
                        dfa.setPrecedenceStartState(startPrecedence[k], false, states[startState[k]]);
                    }
                } else if (!dfa.s0.compareAndSet(null, states[0])) {
                    continue;
                }
                seededDecisions++;
                seededStates += n;
            }
        }
        if (pos != b.length) {
            throw new IllegalArgumentException("parser seed: trailing bytes");
        }
        return new int[] {seededDecisions, seededStates};
    }

    private DFAState state(ATN atn, DFA dfa, PredictionContext[] contexts, SemanticContext[] semantics, boolean fill) {
        int flags = count();
        int uniqueAlt = signed();
        ConflictInfo conflict = null;
        if ((flags & HAS_CONFLICT) != 0) {
            BitSet alts = new BitSet();
            for (int a = count(); a > 0; a--) {
                alts.set(count());
            }
            conflict = new ConflictInfo(alts, (flags & EXACT_CONFLICT) != 0);
        }
        int prediction = signed();
        int listHash = signed();
        int n = count();
        int[] codes = new int[n];
        PredictionContext[] configContexts = new PredictionContext[n];
        SemanticContext[] configSemantics = (flags & HAS_SEMANTIC_CONTEXT) != 0 ? new SemanticContext[n] : null;
        for (int i = 0; i < n; i++) {
            codes[i] = count();
            configContexts[i] = contexts[count()];
            if (configSemantics != null) {
                configSemantics[i] = semantics[count()];
            }
        }
        if (!fill) {
            return null;
        }
        PackedConfigSet set = PackedConfigSet.seeded(atn, codes, configContexts, configSemantics, listHash, uniqueAlt,
                conflict, (flags & DIPS_INTO_OUTER_CONTEXT) != 0);
        DFAState state = new DFAState(dfa, set);
        if (prediction != ATN.INVALID_ALT_NUMBER) {
            state.setAcceptState(new AcceptStateInfo(prediction));
        }
        return dfa.addState(state);
    }
}
