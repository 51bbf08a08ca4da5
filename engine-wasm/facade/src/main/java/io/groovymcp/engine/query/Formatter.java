package io.groovymcp.engine.query;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.groovy.parser.antlr4.GroovyLexer;

import io.groovymcp.engine.op.EngineException;
import io.groovymcp.engine.op.Request;
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

    static Map<String, Object> run(Workspace ws, Request r) {
        String uri = r.string("uri");
        int tab = r.optInteger("tabSize", 4);
        if (tab < 1 || tab > 16) {
            throw new EngineException(EngineException.Kind.ARGUMENT, "tabSize must be between 1 and 16, got " + tab);
        }
        Boolean spaces = r.optBoolean("insertSpaces");
        SourceText st = ws.text(uri);
        String unit = spaces == null || spaces ? repeat(' ', tab) : "\t";
        List<Object> edits = new ArrayList<>();
        String[] lines = format(ws.cache(), st, unit);
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
    static String[] format(QueryCache cache, SourceText st, String unit) {
        String text = st.text();
        List<Lexing.Tok> toks = cache.lex(text);
        if (!complete(text, toks)) {
            return null;
        }
        int n = st.lineCount();
        boolean[] frozen = new boolean[n];
        boolean[] keepEnd = new boolean[n];
        boolean[] cont = new boolean[n];
        int[] level = new int[n];
        // open brackets: the level their contents get, the level of their closer, the line that opened them, and
        // whether they are a switch body (whose case labels indent the statements after them)
        int cap = 512;
        int[] stLevel = new int[cap];
        int[] stBase = new int[cap];
        int[] stLine = new int[cap];
        boolean[] stSwitch = new boolean[cap];
        boolean[] stInCase = new boolean[cap];
        int sp = 0;
        int ti = 0;
        int prevLast = -1;
        boolean switchParen = false;
        int[] parenIsSwitch = new int[cap];
        boolean pendingSwitch = false;
        for (int line = 0; line < n; line++) {
            int ls = st.lineStart(line);
            int le = st.lineEnd(line);
            while (ti < toks.size() && toks.get(ti).end <= ls) {
                ti++;
            }
            if (ti < toks.size() && toks.get(ti).start < ls && toks.get(ti).end > ls
                    && toks.get(ti).type != GroovyLexer.NL) {
                // a token that started on an earlier line runs into this one
                frozen[line] = true;
            }
            int depth = sp == 0 ? 0 : stLevel[sp - 1] + (stInCase[sp - 1] ? 1 : 0);
            boolean first = true;
            int last = -1;
            for (int k = ti; k < toks.size() && toks.get(k).start < le; k++) {
                Lexing.Tok t = toks.get(k);
                if (t.start < ls || t.type == GroovyLexer.NL && !t.isComment()) {
                    continue;
                }
                if (t.end > le || (t.isComment() && t.end == le)) {
                    // a line comment owns its trailing blanks: comments stay byte for byte
                    keepEnd[line] = true;
                }
                if (first) {
                    first = false;
                    if (closes(t.type) && sp > 0) {
                        depth = stBase[sp - 1];
                    } else if ((t.type == GroovyLexer.CASE || t.type == GroovyLexer.DEFAULT) && sp > 0
                            && stSwitch[sp - 1]) {
                        depth = stLevel[sp - 1];
                        stInCase[sp - 1] = true;
                    } else if (!frozen[line] && (leadingContinuation(t.type) || trailingContinuation(prevLast))) {
                        cont[line] = true;
                        depth++;
                    }
                }
                if (!t.isComment()) {
                    last = t.type;
                }
                if (opens(t.type)) {
                    if (sp == cap) {
                        return null;
                    }
                    boolean sameLine = sp > 0 && stLine[sp - 1] == line;
                    stLevel[sp] = sameLine ? stLevel[sp - 1] : depth + 1;
                    stBase[sp] = sameLine ? stBase[sp - 1] : depth;
                    stLine[sp] = line;
                    stSwitch[sp] = t.type == GroovyLexer.LBRACE && pendingSwitch;
                    stInCase[sp] = false;
                    parenIsSwitch[sp] = t.type == GroovyLexer.LPAREN && switchParen ? 1 : 0;
                    sp++;
                    pendingSwitch = false;
                } else if (closes(t.type) && sp > 0) {
                    sp--;
                    pendingSwitch = parenIsSwitch[sp] == 1;
                } else {
                    pendingSwitch = false;
                }
                switchParen = t.type == GroovyLexer.SWITCH;
            }
            if (last != -1) {
                prevLast = last;
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
            String lead = old.substring(0, old.length() - ltrim(old).length());
            if (cont[line] && width(lead, unit) > width(sb.toString(), unit) - width(unit, unit)) {
                // a continuation line keeps an alignment deeper than its structural level
                out[line] = lead + body;
                continue;
            }
            out[line] = sb.append(body).toString();
        }
        // never change the token stream
        StringBuilder joined = new StringBuilder();
        for (int line = 0; line < n; line++) {
            joined.append(out[line]);
            joined.append(text, st.lineEnd(line), line + 1 < n ? st.lineStart(line + 1) : text.length());
        }
        String result = joined.toString();
        if (!result.equals(text) && !sameTokens(toks, cache.lex(result))) {
            return null;
        }
        return out;
    }

    private static int width(String ws, String unit) {
        int tab = unit.equals("\t") ? 4 : unit.length();
        int w = 0;
        for (int i = 0; i < ws.length(); i++) {
            w += ws.charAt(i) == '\t' ? tab : 1;
        }
        return w;
    }

    private static boolean leadingContinuation(int t) {
        return t == GroovyLexer.DOT || t == GroovyLexer.SAFE_DOT || t == GroovyLexer.SAFE_CHAIN_DOT
                || t == GroovyLexer.SPREAD_DOT || t == GroovyLexer.AND || t == GroovyLexer.OR
                || t == GroovyLexer.QUESTION || t == GroovyLexer.COLON || t == GroovyLexer.ELVIS
                || t == GroovyLexer.ADD || t == GroovyLexer.METHOD_POINTER || t == GroovyLexer.METHOD_REFERENCE;
    }

    private static boolean trailingContinuation(int t) {
        if (t < 0 || t == GroovyLexer.ARROW || t == GroovyLexer.INC || t == GroovyLexer.DEC || t == GroovyLexer.COLON
                || t == GroovyLexer.NOT || t == GroovyLexer.BITNOT || t == GroovyLexer.COMMA
                || t == GroovyLexer.SEMI || t == GroovyLexer.GT || t == GroovyLexer.LT || t == GroovyLexer.MUL
                || opens(t) || closes(t)) {
            return false;
        }
        String lit = GroovyLexer.VOCABULARY.getLiteralName(t);
        if (lit == null || lit.length() < 3) {
            return false;
        }
        char c = lit.charAt(1);
        return !Character.isJavaIdentifierStart(c) && c != '.' && c != '@';
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
