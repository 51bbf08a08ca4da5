package io.groovymcp.parserseed;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import groovyjarjarantlr4.v4.runtime.CharStreams;
import groovyjarjarantlr4.v4.runtime.CommonTokenStream;
import groovyjarjarantlr4.v4.runtime.Parser;
import groovyjarjarantlr4.v4.runtime.ParserRuleContext;
import groovyjarjarantlr4.v4.runtime.atn.ATN;
import groovyjarjarantlr4.v4.runtime.atn.ATNConfig;
import groovyjarjarantlr4.v4.runtime.atn.ATNConfigSet;
import groovyjarjarantlr4.v4.runtime.atn.ATNSimulator;
import groovyjarjarantlr4.v4.runtime.atn.ConflictInfo;
import groovyjarjarantlr4.v4.runtime.atn.ParserATNSimulator;
import groovyjarjarantlr4.v4.runtime.atn.PredictionContext;
import groovyjarjarantlr4.v4.runtime.atn.PredictionContextCache;
import groovyjarjarantlr4.v4.runtime.atn.SemanticContext;
import groovyjarjarantlr4.v4.runtime.dfa.DFA;
import groovyjarjarantlr4.v4.runtime.dfa.DFAState;
import org.apache.groovy.parser.antlr4.GroovyLangLexer;
import org.apache.groovy.parser.antlr4.GroovyLangParser;

/**
 * The build's proof that a seed is right, on the JVM with stock ANTLR objects. It decodes the bytes the engine will
 * read into a fresh ATN, through the simulator's own {@code addDFAState}, and requires:
 * <ol>
 *   <li>every decoded state equal to the trained state it came from (configurations in order, hash, flags,
 *       prediction), and every decoded context equal to its original (value and hash): the encoding loses nothing;</li>
 *   <li>independently of training, every decoded start state equal to the one the simulator computes in an empty
 *       DFA, and every decoded edge, computed again from its decoded source state, arriving at the decoded target
 *       itself (the simulator finds its result by equality among the DFA's states, so a wrong target comes back as a
 *       new state): the seed holds only what the simulator would have memoised.</li>
 * </ol>
 * A failure throws, which fails the build.
 */
final class SeedCheck {
    private SeedCheck() {
    }

    /**
     * The parser the simulators predict for, with its precedence set by hand: a precedence decision's start state is
     * the one computed at the parser's precedence (its precedence predicates are evaluated against it).
     */
    private static final class PrecedenceParser extends GroovyLangParser {
        PrecedenceParser() {
            super(new CommonTokenStream(new GroovyLangLexer(CharStreams.fromString(""))));
        }

        void precedence(int p) {
            while (_precedenceStack.size() > 1) {
                _precedenceStack.pop();
            }
            _precedenceStack.push(p);
        }
    }

    private static final java.lang.reflect.Field PREDICTED_DFA;

    static {
        try {
            PREDICTED_DFA = ParserATNSimulator.class.getDeclaredField("dfa");
            PREDICTED_DFA.setAccessible(true);
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException("this ANTLR's simulator has no 'dfa' field to check a seed with", e);
        }
    }

    private static final class Simulator extends ParserATNSimulator {
        Simulator(Parser parser, ATN atn) {
            super(parser, atn);
        }

        /**
         * adaptivePredict sets the simulator's private {@code dfa} field to the decision it predicts, and closure
         * reads it: in a precedence decision, a configuration that leaves the rule through its outermost precedence
         * return is exempt from the precedence filter. Without it a recomputed start state drops the configurations
         * the parse kept.
         */
        private void predicting(DFA dfa) {
            try {
                PREDICTED_DFA.set(this, dfa);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }

        DFAState add(DFA dfa, ATNConfigSet configs) {
            return addDFAState(dfa, configs, new PredictionContextCache());
        }

        DFAState target(DFA dfa, DFAState s, int t) {
            predicting(dfa);
            return computeTargetState(dfa, s, ParserRuleContext.emptyContext(), t, false, new PredictionContextCache())
                    .getItem1();
        }

        DFAState start(DFA dfa) {
            predicting(dfa);
            return computeStartState(dfa, ParserRuleContext.emptyContext(), false).s0;
        }
    }

    private static final class Input {
        private final byte[] b;
        private int pos;

        Input(byte[] b) {
            this.b = b;
        }

        long unsigned() {
            long v = 0;
            for (int shift = 0; ; shift += 7) {
                int x = b[pos++] & 0xFF;
                v |= (long) (x & 0x7F) << shift;
                if (x < 0x80) {
                    return v;
                }
            }
        }

        int count() {
            return (int) unsigned();
        }

        int signed() {
            int v = (int) unsigned();
            return (v >>> 1) ^ -(v & 1);
        }
    }

    /** Checks {@code seed} against {@code selection} (what it was written from); returns the edges validated. */
    static int check(byte[] seed, SeedSelection selection, int fingerprint) {
        Input in = new Input(seed);
        for (byte m : SeedFormat.MAGIC) {
            if (in.b[in.pos++] != m) {
                throw new IllegalStateException("seed: bad magic");
            }
        }
        if (in.signed() != fingerprint) {
            throw new IllegalStateException("seed: fingerprint");
        }
        ATN atn = Training.freshAtn();
        if (in.count() != atn.states.size()) {
            throw new IllegalStateException("seed: ATN state count");
        }
        List<PredictionContext> contexts = new ArrayList<>(List.of(PredictionContext.EMPTY_LOCAL, PredictionContext.EMPTY_FULL));
        int nContexts = in.count();
        for (int k = 0; k < nContexts; k++) {
            int n = in.count();
            PredictionContext joined = null;
            for (int i = 0; i < n; i++) {
                PredictionContext child = contexts.get(in.count()).getChild(in.signed());
                joined = joined == null ? child : PredictionContext.join(joined, child);
            }
            contexts.add(atn.getCachedContext(joined));
        }
        List<SemanticContext> semantics = new ArrayList<>(List.of(SemanticContext.NONE));
        for (int k = in.count(); k > 0; k--) {
            int kind = in.count();
            semantics.add(kind == 1 ? new SemanticContext.PrecedencePredicate(in.signed())
                    : new SemanticContext.Predicate(in.count(), in.count(), kind == 2));
        }
        PrecedenceParser parser = new PrecedenceParser();
        Simulator sim = new Simulator(parser, atn);
        Simulator fresh = new Simulator(parser, Training.freshAtn());
        Map<PredictionContext, PredictionContext> originalContexts = new IdentityHashMap<>();
        int nDecisions = in.count();
        if (nDecisions != selection.decisions().size()) {
            throw new IllegalStateException("seed: decision count");
        }
        int validated = 0;
        for (SeedSelection.Decision original : selection.decisions()) {
            int decision = in.count();
            if (decision != original.dfa().decision) {
                throw new IllegalStateException("seed: decision order");
            }
            DFA dfa = atn.decisionToDFA[decision];
            int n = in.count();
            TreeMap<Integer, Integer> precedenceStarts = new TreeMap<>();
            for (int k = in.count(); k > 0; k--) {
                int precedence = in.count();
                precedenceStarts.put(precedence, in.count());
            }
            if (!precedenceStarts.equals(original.precedenceStarts()) || dfa.isPrecedenceDfa() == precedenceStarts.isEmpty()) {
                throw new IllegalStateException("seed: the start states of decision " + decision);
            }
            List<DFAState> states = new ArrayList<>(n);
            for (int k = 0; k < n; k++) {
                DFAState from = original.states().get(k);
                int flags = in.count();
                int uniqueAlt = in.signed();
                ConflictInfo conflict = null;
                if ((flags & SeedFormat.HAS_CONFLICT) != 0) {
                    BitSet alts = new BitSet();
                    for (int a = in.count(); a > 0; a--) {
                        alts.set(in.count());
                    }
                    conflict = new ConflictInfo(alts, (flags & SeedFormat.EXACT_CONFLICT) != 0);
                }
                int prediction = in.signed();
                int listHash = in.signed();
                ATNConfigSet set = new ATNConfigSet();
                for (int c = in.count(); c > 0; c--) {
                    int code = (int) in.unsigned();
                    PredictionContext context = contexts.get(in.count());
                    SemanticContext semantic = (flags & SeedFormat.HAS_SEMANTIC_CONTEXT) != 0 ? semantics.get(in.count())
                            : SemanticContext.NONE;
                    ATNConfig config = ATNConfig.create(atn.states.get(code & 0xFFFF), code >>> 16 & 0xFF, context,
                            semantic);
                    int depth = code >>> 24 & 0x7F;
                    if (depth != 0) {
                        config.setOuterContextDepth(depth);
                    }
                    if (code < 0) {
                        config.setPrecedenceFilterSuppressed(true);
                    }
                    set.add(config);
                }
                if (conflict != null) {
                    set.setConflictInfo(conflict);
                }
                for (int c = 0; c < set.size(); c++) {
                    PredictionContext was = from.configs.get(c).getContext();
                    PredictionContext now = set.get(c).getContext();
                    if (originalContexts.put(now, was) == null && (!now.equals(was) || now.hashCode() != was.hashCode())) {
                        throw new IllegalStateException("seed: a context differs from its original");
                    }
                }
                if (!set.equals(from.configs) || set.hashCode() != from.configs.hashCode()
                        || SeedSelection.listHash(set) != listHash
                        || set.hasSemanticContext() != ((flags & SeedFormat.HAS_SEMANTIC_CONTEXT) != 0) || set.getUniqueAlt() != uniqueAlt
                        || set.getDipsIntoOuterContext() != ((flags & SeedFormat.DIPS_INTO_OUTER_CONTEXT) != 0)
                        || set.getDipsIntoOuterContext() != from.configs.getDipsIntoOuterContext()
                        || !java.util.Objects.equals(set.getConflictInfo(), from.configs.getConflictInfo())) {
                    throw new IllegalStateException("seed: state " + k + " of decision " + decision + " differs from its original");
                }
                DFAState added = sim.add(dfa, set);
                if (added.getPrediction() != prediction || prediction != from.getPrediction() || added.predicates != null) {
                    throw new IllegalStateException("seed: the prediction of state " + k + " of decision " + decision);
                }
                states.add(added);
            }
            List<int[]> edges = new ArrayList<>();
            for (int k = 0; k < n; k++) {
                for (int e = in.count(); e > 0; e--) {
                    int symbol = in.signed();
                    int target = in.count();
                    states.get(k).setTarget(symbol, target == 0 ? ATNSimulator.ERROR : states.get(target - 1));
                    edges.add(new int[] {k, symbol, target});
                }
            }
            if (precedenceStarts.isEmpty()) {
                dfa.s0.set(states.get(0));
                if (!fresh.start(fresh.atn.decisionToDFA[decision]).configs.equals(states.get(0).configs)) {
                    throw new IllegalStateException("seed: the start state of decision " + decision + " is not the simulator's");
                }
            }
            for (Map.Entry<Integer, Integer> e : precedenceStarts.entrySet()) {
                DFAState start = states.get(e.getValue());
                // the decoded state equals its original (above); the original is the trained start at this precedence
                if (original.states().get(e.getValue()) != original.dfa().getPrecedenceStartState(e.getKey(), false)) {
                    throw new IllegalStateException("seed: the start state of decision " + decision + " at precedence " + e.getKey());
                }
                dfa.setPrecedenceStartState(e.getKey(), false, start);
                parser.precedence(e.getKey());
                if (!fresh.start(fresh.atn.decisionToDFA[decision]).configs.equals(start.configs)) {
                    throw new IllegalStateException("seed: the start state of decision " + decision + " at precedence "
                            + e.getKey() + " is not the simulator's");
                }
            }
            for (int[] e : edges) {
                DFAState expected = e[2] == 0 ? ATNSimulator.ERROR : states.get(e[2] - 1);
                if (sim.target(dfa, states.get(e[0]), e[1]) != expected) {
                    throw new IllegalStateException("seed: an edge of decision " + decision + " is not the simulator's");
                }
                validated++;
            }
        }
        if (in.pos != seed.length) {
            throw new IllegalStateException("seed: trailing bytes");
        }
        return validated;
    }
}
