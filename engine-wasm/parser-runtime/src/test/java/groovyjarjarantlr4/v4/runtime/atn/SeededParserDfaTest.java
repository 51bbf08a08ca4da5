package groovyjarjarantlr4.v4.runtime.atn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.groovy.parser.antlr4.GroovyLangLexer;
import org.apache.groovy.parser.antlr4.GroovyLangParser;
import org.apache.groovy.parser.antlr4.GroovyParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import groovyjarjarantlr4.v4.runtime.CharStreams;
import groovyjarjarantlr4.v4.runtime.CommonTokenStream;
import groovyjarjarantlr4.v4.runtime.ParserRuleContext;
import groovyjarjarantlr4.v4.runtime.dfa.DFA;
import groovyjarjarantlr4.v4.runtime.dfa.DFAState;

/**
 * The engine's reader of the parser seed (wasm-only: the module calls it at load), run on the JVM over the seed this
 * build wrote (parser-seed, which the reactor packages first), and checked against ANTLR's own simulator: what it
 * builds must be what the simulator would have built, state by state and edge by edge.
 */
class SeededParserDfaTest {
    private static final int FINGERPRINT = GroovyParser._serializedATN.hashCode();
    private static byte[] seed;
    private static ATN atn;
    private static int[] seeded;
    /** The states as installed (the edge test adds the simulator's own copies to the DFA as it goes). */
    private static List<DFAState> installed;

    private static ATN freshAtn() {
        return new ATNDeserializer().deserialize(GroovyParser._serializedATN.toCharArray());
    }

    /** A parser whose precedence the test sets: a precedence decision's start state depends on it. */
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

    private static final class Simulator extends ParserATNSimulator {
        final PrecedenceParser on;

        Simulator(PrecedenceParser parser, ATN atn) {
            super(parser, atn);
            on = parser;
        }

        /** What adaptivePredict sets before it simulates: closure reads it in precedence decisions. */
        private void predicting(DFA dfa) {
            try {
                java.lang.reflect.Field f = ParserATNSimulator.class.getDeclaredField("dfa");
                f.setAccessible(true);
                f.set(this, dfa);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
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

    private static Simulator simulator(ATN on) {
        return new Simulator(new PrecedenceParser(), on);
    }

    @BeforeAll
    static void install() throws IOException {
        seed = Files.readAllBytes(Paths.get("../parser-seed/target/parser-dfa.bin"));
        atn = freshAtn();
        seeded = SeededParserDfa.install(atn, seed, FINGERPRINT);
        installed = seededStates();
    }

    private static List<DFAState> seededStates() {
        List<DFAState> all = new ArrayList<>();
        for (DFA dfa : atn.decisionToDFA) {
            all.addAll(dfa.states.keySet());
        }
        return all;
    }

    @Test
    void seedsTheDecisionsItHoldsAndOnlyEmptyOnes() {
        assertTrue(seeded[0] > 100 && seeded[1] > 1000, "seeded " + seeded[0] + " decisions, " + seeded[1] + " states");
        assertEquals(seeded[1], installed.size());
        assertArrayEquals(new int[] {0, 0}, SeededParserDfa.install(atn, seed, FINGERPRINT));
    }

    @Test
    void refusesASeedOfAnotherGrammarBeforeChangingAnything() {
        ATN other = freshAtn();
        assertThrows(IllegalArgumentException.class, () -> SeededParserDfa.install(other, seed, FINGERPRINT + 1));
        for (DFA dfa : other.decisionToDFA) {
            assertTrue(dfa.states.isEmpty());
        }
        byte[] cut = java.util.Arrays.copyOf(seed, seed.length / 2);
        assertThrows(RuntimeException.class, () -> SeededParserDfa.install(freshAtn(), cut, FINGERPRINT));
    }

    @Test
    void everySeededSetHashesAndComparesAsItsConfigurations() {
        int configs = 0;
        for (DFAState s : installed) {
            ATNConfigSet packed = s.configs;
            assertTrue(packed instanceof PackedConfigSet && packed.isReadOnly());
            ATNConfigSet stock = new ATNConfigSet();
            for (ATNConfig c : packed) {
                stock.add(c);
            }
            if (packed.getConflictInfo() != null) {
                stock.setConflictInfo(packed.getConflictInfo());
            }
            assertEquals(stock.hashCode(), packed.hashCode());
            assertTrue(PackedConfigSet.setEquals(packed, stock));
            assertEquals(stock.getUniqueAlt(), packed.getUniqueAlt());
            assertEquals(stock.hasSemanticContext(), packed.hasSemanticContext());
            assertEquals(stock.getDipsIntoOuterContext(), packed.getDipsIntoOuterContext());
            // the prediction addDFAState gives a state with these configurations
            int prediction = packed.getUniqueAlt() != ATN.INVALID_ALT_NUMBER ? packed.getUniqueAlt()
                    : packed.getConflictingAlts() != null ? packed.getConflictingAlts().nextSetBit(0) : ATN.INVALID_ALT_NUMBER;
            assertEquals(prediction, s.getPrediction());
            configs += packed.size();
        }
        assertTrue(configs > 50_000, "configurations: " + configs);
    }

    @Test
    void everyStartStateAndEdgeIsWhatTheSimulatorComputes() {
        Simulator sim = simulator(atn);
        Simulator fresh = simulator(freshAtn());
        int edges = 0;
        int precedenceStarts = 0;
        for (DFA dfa : atn.decisionToDFA) {
            DFAState s0 = dfa.s0.get();
            if (dfa.isPrecedenceDfa()) {
                // one start state per precedence, computed at that precedence
                for (Map.Entry<Integer, DFAState> e : s0.getEdgeMap().entrySet()) {
                    fresh.on.precedence(e.getKey());
                    DFAState computedStart = fresh.start(fresh.atn.decisionToDFA[dfa.decision]);
                    assertTrue(PackedConfigSet.setEquals(e.getValue().configs, computedStart.configs),
                            "start state of " + dfa.decision + " at precedence " + e.getKey());
                    precedenceStarts++;
                }
            } else if (s0 == null) {
                continue; // not seeded
            } else {
                DFAState computedStart = fresh.start(fresh.atn.decisionToDFA[dfa.decision]);
                assertTrue(PackedConfigSet.setEquals(s0.configs, computedStart.configs), "start state of " + dfa.decision);
            }
            for (DFAState s : new ArrayList<>(dfa.states.keySet())) {
                if (!installed.contains(s)) {
                    continue;
                }
                for (Map.Entry<Integer, DFAState> e : s.getEdgeMap().entrySet()) {
                    DFAState expected = e.getValue();
                    // computing a target stores its edge: the seeded one goes back afterwards
                    DFAState computed = sim.target(dfa, s, e.getKey());
                    s.setTarget(e.getKey(), expected);
                    if (expected == ATNSimulator.ERROR) {
                        assertSame(ATNSimulator.ERROR, computed);
                    } else {
                        assertTrue(PackedConfigSet.setEquals(expected.configs, computed.configs),
                                "edge " + e.getKey() + " of decision " + dfa.decision);
                        assertEquals(computed.configs.hashCode(), expected.configs.hashCode());
                        assertEquals(computed.getPrediction(), expected.getPrediction());
                    }
                    edges++;
                }
            }
        }
        assertTrue(edges > 2000, "edges: " + edges);
        assertTrue(precedenceStarts >= 10, "precedence start states: " + precedenceStarts);
    }
}
