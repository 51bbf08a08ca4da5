package groovyjarjarantlr4.v4.runtime.dfa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.apache.groovy.parser.antlr4.GroovyParser;
import org.codehaus.groovy.control.CompilationUnit;
import org.codehaus.groovy.control.CompilerConfiguration;
import org.codehaus.groovy.control.Phases;
import org.junit.jupiter.api.Test;

/** The stand-in answers as ANTLR's own isEmpty, for every decision, before and after the parser has warmed its DFA. */
class DfaEmptinessTest {
    private static void sameAnswersForEveryDecision() {
        for (DFA dfa : GroovyParser._ATN.decisionToDFA) {
            assertEquals(dfa.isEmpty(), DfaEmptiness.isEmpty(dfa), () -> "decision " + dfa.decision);
        }
    }

    @Test
    void answersAsAntlrOnFreshAndWarmDfas() throws IOException {
        DFA fresh = new DFA(GroovyParser._ATN.decisionToState.get(148), 148);
        assertEquals(fresh.isEmpty(), DfaEmptiness.isEmpty(fresh));
        sameAnswersForEveryDecision();
        Path corpus = Paths.get("../../test/fixtures/corpus");
        List<Path> files;
        try (Stream<Path> s = Files.list(corpus)) {
            files = s.filter(p -> p.toString().endsWith(".groovy")).sorted().limit(40).collect(Collectors.toList());
        }
        for (Path f : files) {
            CompilationUnit cu = new CompilationUnit(new CompilerConfiguration());
            cu.addSource(f.getFileName().toString(), new String(Files.readAllBytes(f), "UTF-8"));
            try {
                cu.compile(Phases.CONVERSION);
            } catch (RuntimeException e) {
                // broken fixtures still feed the DFA up to their error
            }
        }
        sameAnswersForEveryDecision();
        long precedence = 0;
        long warm = 0;
        for (DFA dfa : GroovyParser._ATN.decisionToDFA) {
            if (dfa.isPrecedenceDfa()) {
                precedence++;
                if (!DfaEmptiness.isEmpty(dfa)) {
                    warm++;
                }
            }
        }
        assertTrue(precedence > 0, "the grammar has precedence decisions");
        assertTrue(warm > 0, "the corpus warmed a precedence decision, so a non-empty map was asked");
        assertFalse(DfaEmptiness.isEmpty(GroovyParser._ATN.decisionToDFA[148]));
    }
}
