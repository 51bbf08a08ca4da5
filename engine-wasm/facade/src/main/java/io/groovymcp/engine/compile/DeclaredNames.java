package io.groovymcp.engine.compile;

import java.util.Set;

import groovyjarjarantlr4.v4.runtime.ANTLRErrorListener;
import groovyjarjarantlr4.v4.runtime.CharStreams;
import groovyjarjarantlr4.v4.runtime.RecognitionException;
import groovyjarjarantlr4.v4.runtime.Recognizer;
import groovyjarjarantlr4.v4.runtime.Token;
import org.apache.groovy.parser.antlr4.GroovyLangLexer;
import org.apache.groovy.parser.antlr4.GroovyLexer;

/**
 * The class names a text declares, read from the token stream of Groovy's own lexer, so that the word "class" in a
 * comment or a string ("this class is ...") declares nothing. The compiler lexes the same characters with the same
 * lexer and takes a class's name from the identifier right after its {@code class}, {@code interface} (also of
 * {@code @interface}), {@code enum}, {@code trait} or {@code record} token, so every class the compile can contain,
 * nested ones and those inside a GString's {@code ${}} included, is named here. Contextual words such as
 * {@code record} and {@code trait} lex as those tokens wherever they stand (a variable named {@code record}), which
 * can only add names, never lose one.
 */
final class DeclaredNames {
    private DeclaredNames() {
    }

    private static final ANTLRErrorListener<Integer> FAIL = new ANTLRErrorListener<Integer>() {
        @Override
        public <T extends Integer> void syntaxError(Recognizer<T, ?> recognizer, T offending, int line, int column,
                                                    String msg, RecognitionException e) {
            // the token stream after a lexer error is not the compiler's
            throw new IllegalStateException(msg);
        }
    };

    /**
     * Adds the declared names of {@code text} to {@code out} and returns true; or returns false, leaving {@code out}
     * as it may have been partly filled, when the lexer fails anywhere: the compiler then fails the whole buffer's
     * parse, but the caller must not trust a token stream the compiler never saw.
     */
    static boolean lex(String text, Set<String> out) {
        try {
            // the compiler reads the text through BufferSource, which turns each lone surrogate into U+FFFD; lex the
            // same code points, or an identifier could end at a different place than in the compile
            GroovyLangLexer lexer = new GroovyLangLexer(CharStreams.fromString(compilerChars(text)));
            lexer.removeErrorListeners();
            lexer.addErrorListener(FAIL);
            boolean afterKeyword = false;
            while (true) {
                Token t = lexer.nextToken();
                int type = t.getType();
                if (type == Token.EOF) {
                    return true;
                }
                if (type == GroovyLexer.NL || t.getChannel() != Token.DEFAULT_CHANNEL) {
                    continue; // newlines and comments (which lex as NL) never separate a keyword from its name
                }
                if (afterKeyword && isIdentifierLike(t.getText())) {
                    out.add(t.getText());
                }
                afterKeyword = isDeclaring(type);
            }
        } catch (RuntimeException | AssertionError | StackOverflowError e) {
            // GroovySyntaxError (an AssertionError) for the lexer's own checks, LexerNoViableAltException from
            // GroovyLangLexer.recover, IllegalStateException from the listener, and anything else the lexer may throw
            return false;
        }
    }

    private static boolean isDeclaring(int type) {
        return type == GroovyLexer.CLASS || type == GroovyLexer.INTERFACE || type == GroovyLexer.ENUM
                || type == GroovyLexer.TRAIT || type == GroovyLexer.RECORD;
    }

    /**
     * Any token spelled like an identifier, keyword tokens included: the grammar's identifier rule accepts several
     * of them ({@code var}, {@code record}, ...), and a name too many only widens a closure.
     */
    private static boolean isIdentifierLike(String s) {
        return s != null && !s.isEmpty() && Character.isJavaIdentifierStart(s.codePointAt(0));
    }

    /** The text with every lone surrogate replaced by U+FFFD, as BufferSource hands it to the compiler. */
    static String compilerChars(String text) {
        int n = text.length();
        StringBuilder sb = null;
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (!Character.isSurrogate(c)) {
                continue;
            }
            if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
                continue;
            }
            if (sb == null) {
                sb = new StringBuilder(text);
            }
            sb.setCharAt(i, '\uFFFD');
        }
        return sb == null ? text : sb.toString();
    }
}
