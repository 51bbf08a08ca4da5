package groovyjarjarantlr4.v4.runtime.dfa;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import groovyjarjarantlr4.v4.runtime.atn.ATN;
import groovyjarjarantlr4.v4.runtime.atn.ATNConfigSet;
import groovyjarjarantlr4.v4.runtime.atn.ATNSimulator;
import groovyjarjarantlr4.v4.runtime.atn.CompactContextCache;

/**
 * Eviction of the parser's DFA that keeps its hot part. When the cache passes its budget, {@code AtnManager} used to
 * drop every state, so on varied code every later file re-learned even the predictions all code makes, on the ATN
 * simulation, the slow path (docs/performance.md, "The parser's DFA"). Here each DFA state carries the generation
 * in which a prediction last followed an edge into it, and an eviction keeps the states followed since the previous
 * one (with every decision's start states) and drops the rest: the states one file made and no later file reached.
 *
 * <p>The mark lives in {@link DFAState#stateNumber}. ANTLR sets that field once, in {@code DFA.addState}, from a
 * per-DFA counter, and reads it only to print a DFA ({@code DFASerializer}, the tool's DOT output), which the engine
 * never does; states are found by their configurations, never by number. Marks are negative (the counter's numbers
 * are not; {@link ATNSimulator#ERROR}'s is {@code Integer.MAX_VALUE}), so a state made but never reached again since
 * is never taken for a marked one. {@code GroovyPatches} makes {@link #target} the body of {@code DFAState.getTarget},
 * the way every prediction moves from a state to the next (a precedence decision's start states included). The
 * context edges of the LL re-parse of a failing file are not marked: their targets are kept when an ordinary edge
 * reached them, and re-simulated otherwise.
 *
 * <p>An eviction cannot change an answer: the DFA is a memo of the simulation. A kept state keeps only edges into
 * kept states (and into {@code ERROR}), so a prediction that leaves the kept part simulates again, as after a
 * clear; the context cache is refilled with the contexts the kept states hold, so new states still share them.
 */
public final class DfaEviction {
    /** The generation's mark; starts one above the lowest int so that a long session never wraps into 0 and up. */
    private static int mark = Integer.MIN_VALUE + 1;

    private DfaEviction() {
    }

    /** {@code DFAState.getTarget}: the edge's target, marked as reached in this generation. */
    public static DFAState target(DFAState state, int symbol) {
        DFAState t = DfaEmptiness.edges(state).get(symbol);
        if (t != null) {
            t.stateNumber = mark;
        }
        return t;
    }

    /** Whether {@code state} was reached since the last eviction (tests and the benches' counts). */
    public static boolean reached(DFAState state) {
        return state.stateNumber == mark;
    }

    /** Marks {@code state} reached in this generation (the tests' stand-in for a prediction). */
    public static void touch(DFAState state) {
        state.stateNumber = mark;
    }

    /**
     * Drops every DFA state of {@code atn} not reached since the previous eviction, the edges into them, and the
     * cached prediction contexts no kept state holds; starts a new generation. Returns the states kept.
     */
    public static int evict(ATN atn) {
        List<ATNConfigSet> keptSets = new ArrayList<>();
        int kept = 0;
        for (DFA dfa : atn.decisionToDFA) {
            // start states are read from the DFA's fields, not through an edge: always kept
            DFAState s0 = dfa.s0.get();
            DFAState s0full = dfa.s0full.get();
            if (s0 != null) {
                s0.stateNumber = mark;
            }
            if (s0full != null) {
                s0full.stateNumber = mark;
            }
            List<DFAState> keep = new ArrayList<>();
            for (DFAState s : dfa.states.values()) {
                if (s.stateNumber == mark) {
                    keep.add(s);
                }
            }
            // a precedence DFA's s0 is no state of the map; its edges lead to the per-precedence start states
            for (DFAState s : new DFAState[] {s0, s0full}) {
                if (s != null && !dfa.states.containsKey(s)) {
                    prune(s);
                }
            }
            dfa.states.clear();
            for (DFAState s : keep) {
                prune(s);
                dfa.states.put(s, s);
                keptSets.add(s.configs);
            }
            kept += keep.size();
        }
        CompactContextCache.of(atn).retainOnly(keptSets);
        // past Integer.MIN_VALUE + 1 + 2^31 - 2 generations the mark would reach the counter's numbers; a session
        // evicts a handful of times an hour
        if (mark < -2) {
            mark++;
        }
        return kept;
    }

    /** Removes the state's edges into states that were not reached (ERROR, a shared sentinel, is kept). */
    private static void prune(DFAState s) {
        for (Map.Entry<Integer, DFAState> e : s.getEdgeMap().entrySet()) {
            DFAState t = e.getValue();
            if (t != ATNSimulator.ERROR && t.stateNumber != mark) {
                s.setTarget(e.getKey(), null);
            }
        }
        if (s.isContextSensitive()) {
            for (Map.Entry<Integer, DFAState> e : s.getContextEdgeMap().entrySet()) {
                DFAState t = e.getValue();
                if (t != ATNSimulator.ERROR && t.stateNumber != mark) {
                    s.setContextTarget(e.getKey(), null);
                }
            }
        }
    }
}
