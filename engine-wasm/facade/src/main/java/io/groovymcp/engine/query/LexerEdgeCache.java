package io.groovymcp.engine.query;

import groovyjarjarantlr4.v4.runtime.CharStream;
import groovyjarjarantlr4.v4.runtime.Lexer;
import groovyjarjarantlr4.v4.runtime.atn.ATN;
import groovyjarjarantlr4.v4.runtime.atn.ATNConfigSet;
import groovyjarjarantlr4.v4.runtime.atn.LexerATNSimulator;
import groovyjarjarantlr4.v4.runtime.dfa.DFAState;
import org.apache.groovy.parser.antlr4.GroovyLangLexer;

/**
 * A Groovy lexer whose simulator also stores the DFA edges ANTLR refuses to store. After an identifier's first letter
 * the closure reaches CapitalizedIdentifier's predicate, so ANTLR marks the step as predicated and never keeps the
 * edge: every identifier and keyword then re-runs a lexer ATN step, ~6 µs each in wasm (a third of a warm compile,
 * docs/performance.md, "Compile work"). Predicates 15, 16, 18, 19 and 21 of GroovyLexer read only
 * {@code _input.LA(-1)}, and a speculative evaluation consumes the edge's own symbol first, so their outcome is a
 * function of (state, symbol): exactly what an edge records. Any other predicate (lexer state, {@code LA(-2)}) keeps
 * the edge unstored. The DFA lives in the ATN that every GroovyLangLexer shares, so the parser's own lexer reuses the
 * edges stored here.
 */
final class LexerEdgeCache extends LexerATNSimulator {
    private boolean otherPredicate;

    private LexerEdgeCache(Lexer lexer, ATN atn) {
        super(lexer, atn);
    }

    static GroovyLangLexer lexer(CharStream input) {
        GroovyLangLexer lexer = new GroovyLangLexer(input) {
            // GroovyLangLexer's own rollback casts to its private simulator; this does the same step back on ours.
            @Override
            protected void rollbackOneChar() {
                ((LexerEdgeCache) getInterpreter()).stepBack(getInputStream(), _tokenStartCharIndex - 1, _tokenStartLine,
                        _tokenStartCharPositionInLine - 1);
            }
        };
        lexer.setInterpreter(new LexerEdgeCache(lexer, lexer.getInterpreter().atn));
        return lexer;
    }

    private void stepBack(CharStream input, int index, int tokenLine, int column) {
        input.seek(index);
        line = tokenLine;
        charPositionInLine = column;
        consume(input);
    }

    @Override
    protected DFAState computeTargetState(CharStream input, DFAState s, int t) {
        otherPredicate = false;
        return super.computeTargetState(input, s, t);
    }

    @Override
    protected boolean evaluatePredicate(CharStream input, int ruleIndex, int predIndex, boolean speculative) {
        if (!speculative || !readsOnlyLastChar(predIndex)) {
            otherPredicate = true;
        }
        return super.evaluatePredicate(input, ruleIndex, predIndex, speculative);
    }

    @Override
    protected DFAState addDFAEdge(DFAState from, int t, ATNConfigSet reach) {
        if (reach.hasSemanticContext() && !otherPredicate) {
            reach.clearExplicitSemanticContext();
        }
        return super.addDFAEdge(from, t, reach);
    }

    /** From GroovyLexer's generated sempred methods (Groovy 5.0.8): the ones testing only {@code _input.LA(-1)}. */
    private static boolean readsOnlyLastChar(int predIndex) {
        return predIndex == 15 || predIndex == 16 || predIndex == 18 || predIndex == 19 || predIndex == 21;
    }
}
