package io.groovymcp.parserseed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The seed's writer and its build-time check, on two of the training jars (the build itself uses all of them). */
class ParserSeedTest {
    private static List<String> sources;
    private static Training.Result trained;
    private static SeedSelection selection;
    private static byte[] seed;

    @BeforeAll
    static void train() throws Exception {
        Path dir = Path.of(System.getProperty("parser.training"));
        sources = Training.sources(List.of(dir.resolve("groovy-jmx-5.0.7-sources.jar"), dir.resolve("groovy-ginq-5.0.6-sources.jar")));
        trained = Training.train(sources);
        selection = new SeedSelection(trained, 2);
        seed = selection.write(Training.grammarFingerprint(), trained.atn(), new SeedSelection.Stats[1]);
    }

    @Test
    void aSeedPassesItsCheckAndHoldsStates() {
        assertTrue(sources.size() >= 20, "training sources: " + sources.size());
        int edges = SeedCheck.check(seed, selection, Training.grammarFingerprint());
        assertTrue(edges > 100, "validated edges: " + edges);
        assertTrue(selection.decisions().size() > 50, "decisions: " + selection.decisions().size());
    }

    @Test
    void aPrecedenceDecisionCarriesItsStartStateAtEachPrecedence() {
        // the loop of the left-recursive expression rule: its start state depends on the parser's precedence
        int precedenceStarts = 0;
        for (SeedSelection.Decision d : selection.decisions()) {
            assertEquals(d.dfa().isPrecedenceDfa(), !d.precedenceStarts().isEmpty(), "decision " + d.dfa().decision);
            for (java.util.Map.Entry<Integer, Integer> e : d.precedenceStarts().entrySet()) {
                assertSame(d.dfa().getPrecedenceStartState(e.getKey(), false), d.states().get(e.getValue()));
                precedenceStarts++;
            }
        }
        assertTrue(precedenceStarts >= 5, "precedence start states: " + precedenceStarts);
    }

    @Test
    void theSameSourcesGiveTheSameBytes() {
        Training.Result again = Training.train(sources);
        SeedSelection other = new SeedSelection(again, 2);
        assertArrayEquals(seed, other.write(Training.grammarFingerprint(), again.atn(), new SeedSelection.Stats[1]));
    }

    @Test
    void aSeedOfAnotherGrammarIsRefused() {
        assertThrows(IllegalStateException.class, () -> SeedCheck.check(seed, selection, Training.grammarFingerprint() + 1));
    }

    @Test
    void aChangedPredictionOrConfigurationFailsTheCheck() {
        // One bit flipped at a time over a stretch of contexts and states: each must be caught, as a value that differs
        // from what was trained or as bytes that no longer decode.
        int caught = 0;
        for (int at = 40; at < 240; at++) {
            byte[] bad = seed.clone();
            bad[at] ^= 0x01;
            try {
                SeedCheck.check(bad, selection, Training.grammarFingerprint());
            } catch (RuntimeException expected) {
                caught++;
                continue;
            }
            throw new AssertionError("a changed byte at " + at + " passed the check");
        }
        assertEquals(200, caught);
    }
}
