package io.groovymcp.parserseed;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import groovyjarjarantlr4.v4.runtime.atn.ATN;
import groovyjarjarantlr4.v4.runtime.atn.ATNConfig;
import groovyjarjarantlr4.v4.runtime.atn.ATNConfigSet;
import groovyjarjarantlr4.v4.runtime.atn.ATNSimulator;
import groovyjarjarantlr4.v4.runtime.atn.ArrayPredictionContext;
import groovyjarjarantlr4.v4.runtime.atn.ConflictInfo;
import groovyjarjarantlr4.v4.runtime.atn.PredictionContext;
import groovyjarjarantlr4.v4.runtime.atn.SemanticContext;
import groovyjarjarantlr4.v4.runtime.dfa.DFA;
import groovyjarjarantlr4.v4.runtime.dfa.DFAState;

/**
 * Which trained DFA states the seed keeps, and their encoding. A state is kept when at least {@code minFiles} training
 * files reached it (so it is common Groovy, not one file's text) and it is reachable from its decision's start state
 * through kept states; only the edges between kept states are kept. A precedence decision (the loop of a
 * left-recursive rule, {@code expression}) has one start state per precedence the parser predicted it at, all kept.
 * Left out, for the engine to compute as it does today: states that evaluate predicates themselves, are context
 * sensitive, carry a combination of predicates (one configuration in the whole trained DFA does), or do not fit the
 * packed form the engine keeps.
 */
final class SeedSelection {
    /** What was written, for the build's log and the checks. */
    record Stats(int decisions, int states, int configs, int contexts, int semantics, int edges, int skippedPredicated) {
    }

    /**
     * One kept decision: its DFA and its kept states in the order they are written. An ordinary decision's start state
     * is the first; a precedence decision's are in {@code precedenceStarts}, precedence to index in {@code states}.
     */
    record Decision(DFA dfa, List<DFAState> states, TreeMap<Integer, Integer> precedenceStarts) {
    }

    private final Training.Result trained;
    private final int minFiles;
    private final List<Decision> decisions = new ArrayList<>();
    private final Map<PredictionContext, Integer> contextIds = new IdentityHashMap<>();
    private final List<PredictionContext> contexts = new ArrayList<>();
    private final Map<SemanticContext, Integer> semanticIds = new java.util.HashMap<>();
    private final List<SemanticContext> semantics = new ArrayList<>();
    private int skippedPredicated;

    SeedSelection(Training.Result trained, int minFiles) {
        this.trained = trained;
        this.minFiles = minFiles;
        select();
    }

    List<Decision> decisions() {
        return decisions;
    }

    private void select() {
        for (DFA dfa : trained.atn().decisionToDFA) {
            // the start states: s0, or for a precedence decision the targets of s0's edges, one per precedence
            TreeMap<Integer, DFAState> starts = new TreeMap<>();
            DFAState s0 = dfa.s0.get();
            if (s0 == null) {
                continue;
            }
            if (dfa.isPrecedenceDfa()) {
                for (Map.Entry<Integer, DFAState> e : sortedEdges(s0).entrySet()) {
                    if (e.getValue() != ATNSimulator.ERROR && packable(e.getValue())) {
                        starts.put(e.getKey(), e.getValue());
                    }
                }
            } else if (packable(s0)) {
                starts.put(-1, s0);
            }
            if (starts.isEmpty()) {
                continue;
            }
            Map<DFAState, Integer> kept = new IdentityHashMap<>();
            List<DFAState> order = new ArrayList<>();
            ArrayDeque<DFAState> work = new ArrayDeque<>();
            TreeMap<Integer, Integer> precedenceStarts = new TreeMap<>();
            for (Map.Entry<Integer, DFAState> e : starts.entrySet()) {
                Integer at = kept.get(e.getValue());
                if (at == null) {
                    at = kept.size();
                    kept.put(e.getValue(), at);
                    work.add(e.getValue());
                }
                if (dfa.isPrecedenceDfa()) {
                    precedenceStarts.put(e.getKey(), at);
                }
            }
            while (!work.isEmpty()) {
                DFAState s = work.poll();
                order.add(s);
                for (DFAState t : sortedEdges(s).values()) {
                    if (t == ATNSimulator.ERROR || kept.containsKey(t) || trained.filesReaching(t) < minFiles) {
                        continue;
                    }
                    if (!packable(t)) {
                        skippedPredicated++;
                        continue;
                    }
                    kept.put(t, kept.size());
                    work.add(t);
                }
            }
            decisions.add(new Decision(dfa, order, precedenceStarts));
        }
    }

    static TreeMap<Integer, DFAState> sortedEdges(DFAState s) {
        return new TreeMap<>(s.getEdgeMap());
    }

    /** A state the engine can rebuild from numbers alone: see the class comment. */
    private static boolean packable(DFAState s) {
        ATNConfigSet configs = s.configs;
        if (s.predicates != null || s.isContextSensitive() || configs.isOutermostConfigSet()
                || s.getLexerActionExecutor() != null) {
            return false;
        }
        for (ATNConfig c : configs) {
            if (c.getState().stateNumber > 0xFFFF || c.getAlt() > 0xFF || c.getAlt() < 0
                    || c.getOuterContextDepth() > 0x7F || c.getLexerActionExecutor() != null
                    || c.hasPassedThroughNonGreedyDecision() || !encodable(c.getSemanticContext())) {
                return false;
            }
        }
        return true;
    }

    /** No predicate, one predicate of the grammar, or one precedence predicate; not a combination of them. */
    private static boolean encodable(SemanticContext x) {
        if (x == SemanticContext.NONE || x instanceof SemanticContext.PrecedencePredicate) {
            return true;
        }
        return x instanceof SemanticContext.Predicate && ((SemanticContext.Predicate) x).ruleIndex >= 0;
    }

    static int code(ATNConfig c) {
        return c.getState().stateNumber | c.getAlt() << 16 | c.getOuterContextDepth() << 24
                | (c.isPrecedenceFilterSuppressed() ? 0x80000000 : 0);
    }

    static int listHash(ATNConfigSet configs) {
        int h = 1;
        for (ATNConfig c : configs) {
            h = 31 * h + c.hashCode();
        }
        return h;
    }

    private int contextId(PredictionContext c) {
        if (c == PredictionContext.EMPTY_LOCAL) {
            return 0;
        }
        if (c == PredictionContext.EMPTY_FULL) {
            return 1;
        }
        Integer id = contextIds.get(c);
        if (id != null) {
            return id;
        }
        for (int i = 0; i < c.size(); i++) {
            contextId(c.getParent(i));
        }
        if ((c.size() > 1) != (c instanceof ArrayPredictionContext) || c.isEmpty()) {
            throw new IllegalStateException("a prediction context the seed cannot encode: " + c.getClass());
        }
        id = contexts.size() + 2;
        contexts.add(c);
        contextIds.put(c, id);
        return id;
    }

    private int semanticId(SemanticContext x) {
        if (x == SemanticContext.NONE) {
            return 0;
        }
        return semanticIds.computeIfAbsent(x, k -> {
            semantics.add(k);
            return semantics.size();
        });
    }

    byte[] write(int fingerprint, ATN atn, Stats[] stats) {
        // Contexts first, numbered in the order the states name them, parents before children.
        for (Decision d : decisions) {
            for (DFAState s : d.states()) {
                for (ATNConfig c : s.configs) {
                    contextId(c.getContext());
                    semanticId(c.getSemanticContext());
                }
            }
        }
        SeedFormat out = new SeedFormat();
        out.signed(fingerprint);
        out.unsigned(atn.states.size());
        out.unsigned(contexts.size());
        for (PredictionContext c : contexts) {
            out.unsigned(c.size());
            for (int i = 0; i < c.size(); i++) {
                out.unsigned(contextId(c.getParent(i)));
                out.signed(c.getReturnState(i));
            }
        }
        out.unsigned(semantics.size());
        for (SemanticContext x : semantics) {
            if (x instanceof SemanticContext.PrecedencePredicate) {
                out.unsigned(1);
                out.signed(((SemanticContext.PrecedencePredicate) x).precedence);
            } else {
                SemanticContext.Predicate p = (SemanticContext.Predicate) x;
                out.unsigned(p.isCtxDependent ? 2 : 0);
                out.unsigned(p.ruleIndex);
                out.unsigned(p.predIndex);
            }
        }
        int states = 0;
        int configs = 0;
        int edges = 0;
        out.unsigned(decisions.size());
        for (Decision d : decisions) {
            out.unsigned(d.dfa().decision);
            out.unsigned(d.states().size());
            out.unsigned(d.precedenceStarts().size());
            for (Map.Entry<Integer, Integer> e : d.precedenceStarts().entrySet()) {
                out.unsigned(e.getKey());
                out.unsigned(e.getValue());
            }
            Map<DFAState, Integer> index = new IdentityHashMap<>();
            for (DFAState s : d.states()) {
                index.put(s, index.size());
            }
            for (DFAState s : d.states()) {
                ATNConfigSet set = s.configs;
                ConflictInfo conflict = set.getConflictInfo();
                out.unsigned((set.getDipsIntoOuterContext() ? SeedFormat.DIPS_INTO_OUTER_CONTEXT : 0)
                        | (conflict != null ? SeedFormat.HAS_CONFLICT : 0)
                        | (conflict != null && conflict.isExact() ? SeedFormat.EXACT_CONFLICT : 0)
                        | (set.hasSemanticContext() ? SeedFormat.HAS_SEMANTIC_CONTEXT : 0));
                out.signed(set.getUniqueAlt());
                if (conflict != null) {
                    BitSet alts = conflict.getConflictedAlts();
                    out.unsigned(alts.cardinality());
                    for (int a = alts.nextSetBit(0); a >= 0; a = alts.nextSetBit(a + 1)) {
                        out.unsigned(a);
                    }
                }
                out.signed(s.getPrediction());
                out.signed(listHash(set));
                out.unsigned(set.size());
                for (ATNConfig c : set) {
                    out.unsignedInt(code(c));
                    out.unsigned(contextId(c.getContext()));
                    if (set.hasSemanticContext()) {
                        out.unsigned(semanticId(c.getSemanticContext()));
                    }
                }
                states++;
                configs += set.size();
            }
            for (DFAState s : d.states()) {
                List<Map.Entry<Integer, DFAState>> kept = new ArrayList<>();
                for (Map.Entry<Integer, DFAState> e : sortedEdges(s).entrySet()) {
                    if (e.getValue() == ATNSimulator.ERROR || index.containsKey(e.getValue())) {
                        kept.add(e);
                    }
                }
                out.unsigned(kept.size());
                for (Map.Entry<Integer, DFAState> e : kept) {
                    out.signed(e.getKey());
                    out.unsigned(e.getValue() == ATNSimulator.ERROR ? 0 : index.get(e.getValue()) + 1);
                }
                edges += kept.size();
            }
        }
        stats[0] = new Stats(decisions.size(), states, configs, contexts.size(), semantics.size(), edges, skippedPredicated);
        return out.bytes();
    }
}
