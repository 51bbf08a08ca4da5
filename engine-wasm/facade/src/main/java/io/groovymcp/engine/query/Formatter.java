package io.groovymcp.engine.query;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.groovy.parser.antlr4.GroovyLexer;

import io.groovymcp.engine.Engine;
import io.groovymcp.engine.EngineException;
import io.groovymcp.engine.Request;
import io.groovymcp.engine.json.Json;
import io.groovymcp.engine.text.SourceText;

/**
 * Re-indents by bracket structure and trims trailing whitespace, touching only whitespace outside tokens. Lines that
 * start or end inside a multi-line string or comment are left byte for byte. Several brackets opened on one line add
 * one level, so {@code foo(bar {} ...)} does not drift. The result is re-lexed; if its token stream differs, nothing is
 * changed.
 */
final class Formatter {
    private Formatter() {
    }

    static Map<String, Object> run(Engine engine, Request r) {
        String uri = r.string("uri");
        int tab = r.optInteger("tabSize", 4);
        if (tab < 1 || tab > 16) {
            throw new EngineException(EngineException.Kind.ARGUMENT, "tabSize must be between 1 and 16, got " + tab);
        }
        Boolean spaces = r.optBoolean("insertSpaces");
        SourceText st = engine.text(uri);
        String unit = spaces == null || spaces ? repeat(' ', tab) : "\t";
        List<Object> edits = new ArrayList<>();
        String[] lines = format(st, unit);
        if (lines == null) {
            return Json.obj("edits", edits);
        }
        for (int l = 0; l < lines.length; l++) {
            String old = st.lineText(l);
            if (!old.equals(lines[l])) {
                edits.add(Json.obj("range", SourceText.range(new int[] {l, 0}, new int[] {l, old.length()}),
                        "newText", lines[l]));
            }
        }
        return Json.obj("edits", edits);
    }

    static String repeat(char c, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append(c);
        }
        return sb.toString();
    }

    /** The new text of every line, or null when the text cannot be formatted safely. */
    static String[] format(SourceText st, String unit) {
        String text = st.text();
        List<Lexing.Tok> toks = Lexing.lex(text);
        if (!complete(text, toks)) {
            return null;
        }
        int n = st.lineCount();
        boolean[] frozen = new boolean[n];
        boolean[] keepEnd = new boolean[n];
        int[] level = new int[n];
        boolean[] hasToken = new boolean[n];
        // stack of open brackets: each holds the level its contents get and the level of its own line
        int[] stackLevel = new int[256];
        int[] stackBase = new int[256];
        int[] stackLine = new int[256];
        int sp = 0;
        int ti = 0;
        for (int line = 0; line < n; line++) {
            int ls = st.lineStart(line);
            int le = st.lineEnd(line);
            while (ti < toks.size() && toks.get(ti).end <= ls && !(toks.get(ti).start == toks.get(ti).end)) {
                ti++;
            }
            // a token that started on an earlier line and runs into this one freezes it
            for (int k = Math.max(0, ti - 1); k < toks.size() && toks.get(k).start < ls; k++) {
                Lexing.Tok t = toks.get(k);
                if (t.start < ls && t.end > ls && t.type != GroovyLexer.NL) {
                    frozen[line] = true;
                }
            }
            int depth = sp == 0 ? 0 : stackLevel[sp - 1];
            boolean first = true;
            for (int k = ti; k < toks.size() && toks.get(k).start < le; k++) {
                Lexing.Tok t = toks.get(k);
                if (t.start < ls || t.type == GroovyLexer.NL && !t.isComment()) {
                    continue;
                }
                if (t.end > le && t.type != GroovyLexer.NL) {
                    keepEnd[line] = true;
                }
                if (first) {
                    first = false;
                    hasToken[line] = true;
                    if (closes(t.type) && sp > 0) {
                        // the closer sits at the level of the line that opened it
                        depth = stackBase[sp - 1];
                    }
                }
                if (opens(t.type)) {
                    int base = sp == 0 ? 0 : stackLevel[sp - 1];
                    boolean sameLine = sp > 0 && stackLine[sp - 1] == line;
                    if (sp == stackLevel.length) {
                        return null;
                    }
                    {
                        stackLevel[sp] = sameLine ? base : base + 1;
                        stackBase[sp] = sameLine ? stackBase[sp - 1] : base;
                        stackLine[sp] = line;
                        sp++;
                    }
                } else if (closes(t.type) && sp > 0) {
                    sp--;
                }
            }
            level[line] = Math.max(0, depth);
        }
        String[] out = new String[n];
        for (int line = 0; line < n; line++) {
            String old = st.lineText(line);
            if (frozen[line]) {
                out[line] = old;
                continue;
            }
            String body = keepEnd[line] ? ltrim(old) : old.trim();
            if (body.isEmpty()) {
                out[line] = keepEnd[line] ? old : "";
                continue;
            }
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < level[line]; i++) {
                sb.append(unit);
            }
            out[line] = sb.append(body).toString();
        }
        // never change the token stream
        StringBuilder joined = new StringBuilder();
        for (int line = 0; line < n; line++) {
            joined.append(out[line]);
            joined.append(text, st.lineEnd(line), line + 1 < n ? st.lineStart(line + 1) : text.length());
        }
        if (!sameTokens(toks, Lexing.lex(joined.toString()))) {
            return null;
        }
        return out;
    }

    private static String ltrim(String s) {
        int i = 0;
        while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
            i++;
        }
        return s.substring(i);
    }

    private static boolean complete(String text, List<Lexing.Tok> toks) {
        int last = toks.isEmpty() ? 0 : toks.get(toks.size() - 1).end;
        for (int i = last; i < text.length(); i++) {
            if (!Character.isWhitespace(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    static boolean sameTokens(List<Lexing.Tok> a, List<Lexing.Tok> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i).type != b.get(i).type || !String.valueOf(a.get(i).text).equals(String.valueOf(b.get(i).text))) {
                return false;
            }
        }
        return true;
    }

    private static boolean opens(int t) {
        return t == GroovyLexer.LBRACE || t == GroovyLexer.LPAREN || t == GroovyLexer.LBRACK
                || t == GroovyLexer.SAFE_INDEX;
    }

    private static boolean closes(int t) {
        return t == GroovyLexer.RBRACE || t == GroovyLexer.RPAREN || t == GroovyLexer.RBRACK;
    }
}
