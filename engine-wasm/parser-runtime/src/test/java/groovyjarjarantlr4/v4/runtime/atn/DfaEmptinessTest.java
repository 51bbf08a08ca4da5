package groovyjarjarantlr4.v4.runtime.atn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;

import org.apache.groovy.parser.antlr4.GroovyParser;
import org.junit.jupiter.api.Test;

import groovyjarjarantlr4.v4.runtime.dfa.DFA;
import groovyjarjarantlr4.v4.runtime.dfa.DfaEmptiness;

/**
 * The stand-in answers as ANTLR's own isEmpty for every decision, on a fresh precedence DFA and after the corpus has
 * warmed the parser's DFA (so non-empty precedence start states are asked too).
 */
class DfaEmptinessTest {
    @Test
    void answersAsAntlrOnFreshAndWarmDfas() throws IOException {
        DFA fresh = new DFA(GroovyParser._ATN.decisionToState.get(148), 148);
        assertTrue(fresh.isPrecedenceDfa(), "decision 148 (expression) is a precedence decision");
        assertTrue(DfaEmptiness.isEmpty(fresh));
        assertEquals(fresh.isEmpty(), DfaEmptiness.isEmpty(fresh));
        CorpusDfa.configSets();
        int warmPrecedence = 0;
        for (DFA dfa : GroovyParser._ATN.decisionToDFA) {
            assertEquals(dfa.isEmpty(), DfaEmptiness.isEmpty(dfa), "decision " + dfa.decision);
            if (dfa.isPrecedenceDfa() && !dfa.isEmpty()) {
                warmPrecedence++;
            }
        }
        assertTrue(warmPrecedence > 0, "the corpus warmed a precedence decision, so a non-empty map was asked");
        assertFalse(DfaEmptiness.isEmpty(GroovyParser._ATN.decisionToDFA[148]));
    }
}
