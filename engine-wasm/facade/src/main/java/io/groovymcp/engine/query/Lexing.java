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
final class Lexing {
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

    private static String[] memoText = new String[2];
    private static List<Tok>[] memoToks = newMemo();
    private static int memoNext;

    @SuppressWarnings("unchecked")
    private static List<Tok>[] newMemo() {
        return new List[2];
    }

    /**
     * The tokens of a text (shared, never modify). The Groovy lexer costs tens of milliseconds on a large file, and
     * diagnostics, tokens, format and organize imports all lex the same buffer, so the last two texts are kept.
     */
    static List<Tok> lex(String text) {
        for (int i = 0; i < memoText.length; i++) {
            if (memoText[i] != null && (memoText[i] == text || memoText[i].equals(text))) {
                return memoToks[i];
            }
        }
        List<Tok> toks = java.util.Collections.unmodifiableList(lexNow(text));
        memoText[memoNext] = text;
        memoToks[memoNext] = toks;
        memoNext = (memoNext + 1) % memoText.length;
        return toks;
    }

    private static List<Tok> lexNow(String text) {
        List<Tok> out = new ArrayList<>();
        int[] cpToUtf16 = codePointOffsets(text);
        try {
            GroovyLangLexer lexer = new GroovyLangLexer(CharStreams.fromString(text));
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
}
