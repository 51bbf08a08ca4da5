package groovyjarjarantlr4.v4.runtime.atn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.apache.groovy.parser.antlr4.GroovyLangLexer;
import org.apache.groovy.parser.antlr4.GroovyLangParser;
import org.apache.groovy.parser.antlr4.GroovyParser;
import org.junit.jupiter.api.Test;

import groovyjarjarantlr4.v4.runtime.BailErrorStrategy;
import groovyjarjarantlr4.v4.runtime.CharStreams;
import groovyjarjarantlr4.v4.runtime.CommonTokenStream;
import groovyjarjarantlr4.v4.runtime.Parser;
import groovyjarjarantlr4.v4.runtime.dfa.DFA;
import groovyjarjarantlr4.v4.runtime.dfa.DFAState;
import groovyjarjarantlr4.v4.runtime.dfa.DfaEviction;

/**
 * The eviction that keeps the DFA's hot part, on an ATN of its own (the parser's shared one is the other tests'):
 * what survives is exactly the reached states, closed under edges, with their contexts in the cache, and parses
 * after evictions give the trees a parser with a DFA never evicted gives.
 */
class DfaEvictionTest {
    /** Stands in for the wasm build's patch of DFAState.getTarget: every step of a prediction goes through the mark. */
    private static final class MarkingSimulator extends ParserATNSimulator {
        MarkingSimulator(Parser parser, ATN atn) {
            super(parser, atn);
        }

        @Override
        protected DFAState getExistingTargetState(DFAState s, int t) {
            return DfaEviction.target(s, t);
        }
    }

    private static List<String> corpus() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(Paths.get("../../test/fixtures/corpus"))) {
            files = s.filter(p -> p.toString().endsWith(".groovy")).sorted().collect(Collectors.toList());
        }
        List<String> texts = new ArrayList<>();
        for (Path f : files) {
            texts.add(new String(Files.readAllBytes(f), "UTF-8"));
        }
        return texts;
    }

    /** The SLL parse every compile starts with; a file it cannot parse gives its error's class. */
    private static String parse(String text, ATN atn, boolean marking) {
        GroovyLangLexer lexer = new GroovyLangLexer(CharStreams.fromString(text));
        lexer.removeErrorListeners();
        GroovyLangParser parser = new GroovyLangParser(new CommonTokenStream(lexer));
        parser.removeErrorListeners();
        ParserATNSimulator sim = marking ? new MarkingSimulator(parser, atn) : new ParserATNSimulator(parser, atn);
        sim.setPredictionMode(PredictionMode.SLL);
        parser.setInterpreter(sim);
        parser.setErrorHandler(new BailErrorStrategy());
        try {
            return parser.compilationUnit().toStringTree(parser);
        } catch (RuntimeException | Error e) {
            // the bail-out of SLL, and the lexer's GroovySyntaxError (an Error) on a fixture that is broken on purpose
            return "failed: " + e.getClass().getSimpleName();
        }
    }

    private static ATN freshAtn() {
        return new ATNDeserializer().deserialize(GroovyParser._serializedATN.toCharArray());
    }

    private static int states(ATN atn) {
        int n = 0;
        for (DFA dfa : atn.decisionToDFA) {
            n += dfa.states.size();
        }
        return n;
    }

    @Test
    void keepsReachedStatesAndAnswersAsANeverEvictedDfa() throws IOException {
        List<String> texts = corpus();
        ATN reference = freshAtn();
        List<String> expected = new ArrayList<>();
        for (String t : texts) {
            expected.add(parse(t, reference, false));
        }

        ATN atn = freshAtn();
        int half = texts.size() / 2;
        for (String t : texts.subList(0, half)) {
            parse(t, atn, true);
        }
        // what the eviction must keep: the states marked now, and every start state
        Map<DFAState, Boolean> reached = new IdentityHashMap<>();
        for (DFA dfa : atn.decisionToDFA) {
            for (DFAState s : dfa.states.values()) {
                if (DfaEviction.reached(s) || s == dfa.s0.get() || s == dfa.s0full.get()) {
                    reached.put(s, true);
                }
            }
        }
        int before = states(atn);
        int kept = DfaEviction.evict(atn);
        assertEquals(reached.size(), kept);
        assertTrue(kept > 0 && kept < before, "kept " + kept + " of " + before + " states");
        for (DFA dfa : atn.decisionToDFA) {
            for (DFAState s : dfa.states.values()) {
                assertTrue(reached.containsKey(s), "only reached states stay");
                assertFalse(DfaEviction.reached(s), "an eviction starts a new generation");
                assertEdgesKept(s, reached);
                for (ATNConfig c : s.configs) {
                    assertCached(atn, c.getContext());
                }
            }
            DFAState s0 = dfa.s0.get();
            if (s0 != null && dfa.isPrecedenceDfa()) {
                assertEdgesKept(s0, reached);
            }
        }

        // the rest, an eviction in the middle, then everything again: the answers of a DFA never evicted
        List<String> actual = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            if (i == half + (texts.size() - half) / 2) {
                DfaEviction.evict(atn);
            }
            String tree = parse(texts.get(i), atn, true);
            if (i >= half) {
                assertEquals(expected.get(i), tree, "file " + i + " after an eviction");
            }
        }
        DfaEviction.evict(atn);
        for (String t : texts) {
            actual.add(parse(t, atn, true));
        }
        assertEquals(expected, actual);
    }

    private static void assertEdgesKept(DFAState s, Map<DFAState, Boolean> reached) {
        for (DFAState t : s.getEdgeMap().values()) {
            assertTrue(t == ATNSimulator.ERROR || reached.containsKey(t), "an edge into a dropped state was kept");
        }
        if (s.isContextSensitive()) {
            for (DFAState t : s.getContextEdgeMap().values()) {
                assertTrue(t == ATNSimulator.ERROR || reached.containsKey(t), "a context edge into a dropped state was kept");
            }
        }
    }

    /** The context and its parents are the cache's own objects, so a new state still shares them. */
    private static void assertCached(ATN atn, PredictionContext c) {
        List<PredictionContext> pending = new ArrayList<>();
        pending.add(c);
        while (!pending.isEmpty()) {
            PredictionContext p = pending.remove(pending.size() - 1);
            if (p.isEmpty()) {
                continue;
            }
            assertSame(p, CompactContextCache.of(atn).get(p), "a kept context is back in the cache");
            for (int i = 0; i < p.size(); i++) {
                pending.add(p.getParent(i));
            }
        }
    }
}
