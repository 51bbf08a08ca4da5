package io.groovymcp.engine.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import groovyjarjarantlr4.v4.runtime.CharStreams;
import groovyjarjarantlr4.v4.runtime.Token;
import groovyjarjarantlr4.v4.runtime.atn.ATNState;
import groovyjarjarantlr4.v4.runtime.atn.PredicateTransition;
import groovyjarjarantlr4.v4.runtime.atn.Transition;
import groovyjarjarantlr4.v4.runtime.dfa.DFAState;
import org.apache.groovy.parser.antlr4.GroovyLangLexer;
import org.apache.groovy.parser.antlr4.GroovyLexer;
import org.junit.jupiter.api.Test;

/**
 * LexerEdgeCache stores DFA edges that stock ANTLR leaves unstored, in the DFA every Groovy lexer shares, so a wrong
 * edge would change the tokens of the compiler's own parse on both runtimes at once, where the parity test (JVM facade
 * against wasm facade) cannot see it. These tests compare against the stock lexer on a DFA without those edges.
 */
class LexerEdgeCacheTest {
    /**
     * The predicates the cache treats as reading only the character just matched, by the rule that holds them. A
     * Groovy upgrade that renumbers the lexer's predicates must fail here, not silently cache the wrong ones.
     */
    @Test
    void thePredicatesItCachesAreTheOnesReadingOnlyTheLastCharacter() {
        Map<Integer, String> ruleOfPredicate = new TreeMap<>();
        for (ATNState state : GroovyLexer._ATN.states) {
            if (state == null) {
                continue;
            }
            for (int i = 0; i < state.getNumberOfTransitions(); i++) {
                Transition t = state.transition(i);
                if (t instanceof PredicateTransition) {
                    PredicateTransition p = (PredicateTransition) t;
                    ruleOfPredicate.put(p.predIndex, GroovyLexer.ruleNames[p.ruleIndex]);
                }
            }
        }
        assertEquals("CapitalizedIdentifier", ruleOfPredicate.get(15));
        assertEquals("JavaLetter", ruleOfPredicate.get(16));
        assertEquals("JavaLetter", ruleOfPredicate.get(17)); // the LA(-2) surrogate-pair test: never cached
        assertEquals("JavaLetterInGString", ruleOfPredicate.get(18));
        assertEquals("JavaLetterOrDigit", ruleOfPredicate.get(19));
        assertEquals("JavaLetterOrDigit", ruleOfPredicate.get(20)); // LA(-2) again
        assertEquals("JavaLetterOrDigitInGString", ruleOfPredicate.get(21));
        assertEquals(22, ruleOfPredicate.size(), "the lexer's predicates changed: " + ruleOfPredicate);
    }

    @Test
    void theStockLexerGivesTheSameTokensBeforeAndAfterTheCacheStoredItsEdges() throws IOException {
        List<String> texts = corpus();
        texts.add("def Été = 1; def naïve = 'x'; class Ünter { def ß }\n");
        texts.add("def s = \"${Foo}.$bar and $Baz.qux\"; def r = /a$b/; def d = $/x$y/$\n");
        texts.add("def 𝔘nicode = 1 // a supplementary letter\nprintln 𝔘nicode\n");
        texts.add("def broken = \"$ 5\"\nclass\n");
        // predicates that look ahead (`!in`, `!instanceof` followed by a separator or not) must never be cached
        texts.add("assert 1 !in [2]; def x = !inside; assert 'a' !instanceof Integer; def y = !instanceofFoo\n");

        // a DFA without any predicated edge, as the stock lexer alone builds it
        GroovyLexer._ATN.clearDFA();
        List<String> stock = new ArrayList<>();
        for (String text : texts) {
            stock.add(tokens(new GroovyLangLexer(CharStreams.fromString(text))));
        }
        DFAState s0 = GroovyLexer._ATN.modeToDFA[0].s0.get();
        assertNotNull(s0);
        assertNull(s0.getTarget('a'), "the stock lexer stored the edge behind an identifier's first letter");

        for (int i = 0; i < texts.size(); i++) {
            assertEquals(stock.get(i), tokens(LexerEdgeCache.lexer(CharStreams.fromString(texts.get(i)))),
                    "the caching lexer's tokens differ on text " + i);
        }
        assertNotNull(GroovyLexer._ATN.modeToDFA[0].s0.get().getTarget('a'), "no edge was stored: the test proves nothing");

        for (int i = 0; i < texts.size(); i++) {
            assertEquals(stock.get(i), tokens(new GroovyLangLexer(CharStreams.fromString(texts.get(i)))),
                    "the stock lexer's tokens differ on text " + i + " once the cache's edges are in the shared DFA");
        }
    }

    private static String tokens(GroovyLangLexer lexer) {
        lexer.removeErrorListeners();
        lexer.setErrorIgnored(true);
        StringBuilder sb = new StringBuilder();
        try {
            for (Token t = lexer.nextToken(); t != null && t.getType() != Token.EOF; t = lexer.nextToken()) {
                sb.append(t.getType()).append('@').append(t.getStartIndex()).append('-').append(t.getStopIndex())
                        .append(':').append(t.getLine()).append('.').append(t.getCharPositionInLine())
                        .append('/').append(t.getChannel()).append(' ').append(t.getText()).append('\n');
            }
        } catch (RuntimeException | AssertionError e) {
            sb.append("stopped: ").append(e.getClass().getName()).append(' ').append(e.getMessage());
        }
        return sb.toString();
    }

    private static List<String> corpus() throws IOException {
        String dir = System.getProperty("groovymcp.corpus");
        Path root = Paths.get(dir == null ? "../../test/fixtures/corpus" : dir);
        List<String> texts = new ArrayList<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path f : s.filter(p -> p.toString().endsWith(".groovy")).sorted().collect(Collectors.toList())) {
                texts.add(new String(Files.readAllBytes(f), StandardCharsets.UTF_8));
            }
        }
        assertTrue(texts.size() > 200, "corpus has only " + texts.size() + " files");
        return texts;
    }
}
