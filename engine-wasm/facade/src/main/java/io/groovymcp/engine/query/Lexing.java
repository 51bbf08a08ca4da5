package io.groovymcp.engine.query;

import java.util.ArrayList;
import java.util.List;

import groovyjarjarantlr4.v4.runtime.CharStreams;
import groovyjarjarantlr4.v4.runtime.Token;
import org.apache.groovy.parser.antlr4.GroovyLangLexer;
import org.apache.groovy.parser.antlr4.GroovyLexer;

/**
 * Groovy's own lexer over a buffer, with token spans converted from code-point indices (what the lexer counts) to
 * UTF-16 offsets (what the protocol counts). Lexing stops quietly at the first error, so broken text still yields the
 * tokens before it.
 */
public final class Lexing {
    static final int COMMENT = -100;

    static final class Tok {
        final int type;
        final int start;
        final int end;
        final String text;

        Tok(int type, int start, int end, String text) {
            this.type = type;
            this.start = start;
            this.end = end;
            this.text = text;
        }

        boolean isComment() {
            return type == COMMENT;
        }
    }

    private Lexing() {
    }

    /** The tokens of a text, lexed now; queries go through {@link QueryCache#lex}, which keeps the last two. */
    static List<Tok> lexNow(String text) {
        List<Tok> out = new ArrayList<>();
        int[] cpToUtf16 = codePointOffsets(text);
        try {
            GroovyLangLexer lexer = LexerEdgeCache.lexer(CharStreams.fromString(text));
            lexer.removeErrorListeners();
            lexer.setErrorIgnored(true);
            while (true) {
                Token t = lexer.nextToken();
                if (t == null || t.getType() == Token.EOF) {
                    break;
                }
                int s = t.getStartIndex();
                int e = t.getStopIndex() + 1;
                if (s < 0 || e < s || e >= cpToUtf16.length + 1) {
                    continue;
                }
                int type = t.getType();
                String tt = t.getText();
                if (type == GroovyLexer.NL && tt != null && tt.startsWith("/")) {
                    type = COMMENT;
                }
                out.add(new Tok(type, cpToUtf16[s], cpToUtf16[Math.min(e, cpToUtf16.length - 1)], tt));
            }
        } catch (RuntimeException | StackOverflowError ignore) {
            // a lexer error ends the stream: everything before it is still useful
        }
        return out;
    }

    /** cp index -> UTF-16 offset, with one extra entry for the end of text. */
    static int[] codePointOffsets(String text) {
        int n = text.codePointCount(0, text.length());
        int[] m = new int[n + 1];
        int off = 0;
        for (int i = 0; i < n; i++) {
            m[i] = off;
            off += Character.charCount(text.codePointAt(off));
        }
        m[n] = text.length();
        return m;
    }

    static boolean isIdentifier(int type) {
        return type == GroovyLexer.Identifier || type == GroovyLexer.CapitalizedIdentifier;
    }

    static boolean isString(int type) {
        return type == GroovyLexer.StringLiteral || type == GroovyLexer.GStringBegin || type == GroovyLexer.GStringPart
                || type == GroovyLexer.GStringEnd;
    }

    static boolean isNumber(int type) {
        return type == GroovyLexer.IntegerLiteral || type == GroovyLexer.FloatingPointLiteral;
    }

    static boolean isKeyword(int type) {
        String lit = GroovyLexer.VOCABULARY.getLiteralName(type);
        if (lit == null || lit.length() < 3) {
            return false;
        }
        char c = lit.charAt(1);
        return Character.isJavaIdentifierStart(c);
    }

    /** Groovy's reserved words, from the lexer's vocabulary, sorted. */
    public static List<String> keywords() {
        java.util.TreeSet<String> words = new java.util.TreeSet<>();
        for (int t = 0; t <= GroovyLexer.VOCABULARY.getMaxTokenType(); t++) {
            String lit = GroovyLexer.VOCABULARY.getLiteralName(t);
            if (lit != null && lit.length() > 2 && lit.startsWith("'") && lit.endsWith("'")) {
                String w = lit.substring(1, lit.length() - 1);
                if (Character.isJavaIdentifierStart(w.charAt(0))) {
                    words.add(w);
                }
            }
        }
        return new ArrayList<>(words);
    }
}
