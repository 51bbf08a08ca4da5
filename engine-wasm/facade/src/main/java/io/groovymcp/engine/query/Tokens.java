package io.groovymcp.engine.query;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.groovy.parser.antlr4.GroovyLexer;

import io.groovymcp.engine.json.Json;
import io.groovymcp.engine.text.SourceText;

/**
 * Semantic tokens: the lexer classifies keywords, literals, comments and operators; the compiled AST classifies
 * identifiers (what a name is, whether it is a declaration, static, final or deprecated). Tokens never span lines.
 */
final class Tokens {
    private Tokens() {
    }

    private static final class Span {
        final int start;
        final int end;
        final String type;
        final List<String> mods;

        Span(int start, int end, String type, List<String> mods) {
            this.start = start;
            this.end = end;
            this.type = type;
            this.mods = mods;
        }
    }

    /** About 75 characters each in JSON: the cap keeps an answer near 300K characters. */
    static final int MAX_TOKENS = 4000;

    static Map<String, Object> run(Ctx ctx, int fromLine, int toLine) {
        String text = ctx.st.text();
        List<Span> spans = new ArrayList<>();
        List<Occ> occs = ctx.index.occurrences(ctx.uri);
        int oi = 0;
        boolean namespace = false;
        for (Lexing.Tok t : ctx.cache.lex(text)) {
            while (oi < occs.size() && occs.get(oi).end <= t.start) {
                oi++;
            }
            if (t.type == GroovyLexer.IMPORT || t.type == GroovyLexer.PACKAGE) {
                namespace = true;
            } else if (t.type == GroovyLexer.NL || t.type == GroovyLexer.SEMI) {
                namespace = false;
            }
            if (Lexing.isIdentifier(t.type) || (t.type != GroovyLexer.NL && covered(occs, oi, t))) {
                Occ o = oi < occs.size() && occs.get(oi).start <= t.start && t.end <= occs.get(oi).end
                        ? occs.get(oi) : null;
                if (o != null) {
                    spans.add(new Span(o.start, o.end, tokenType(o), mods(o)));
                } else if (namespace && Lexing.isIdentifier(t.type)) {
                    spans.add(new Span(t.start, t.end, "namespace", new ArrayList<>()));
                }
                continue;
            }
            String type = null;
            if (t.isComment()) {
                type = "comment";
            } else if (Lexing.isString(t.type)) {
                type = "string";
            } else if (Lexing.isNumber(t.type)) {
                type = "number";
            } else if (t.type == GroovyLexer.BooleanLiteral || t.type == GroovyLexer.NullLiteral
                    || Lexing.isKeyword(t.type)) {
                type = "keyword";
            } else if (t.type == GroovyLexer.AT) {
                type = "annotation";
            } else if (isOperator(t.type)) {
                type = "operator";
            }
            if (type != null) {
                spans.add(new Span(t.start, t.end, type, new ArrayList<>()));
            }
        }
        List<Object> out = new ArrayList<>();
        SourceText st = ctx.st;
        boolean truncated = false;
        for (Span s : spans) {
            int[] a = st.position(s.start);
            int[] b = st.position(s.end);
            for (int line = a[0]; line <= b[0]; line++) {
                int from = line == a[0] ? a[1] : 0;
                int to = line == b[0] ? b[1] : st.lineEnd(line) - st.lineStart(line);
                if (to > from && line >= fromLine && line <= toLine) {
                    if (out.size() >= MAX_TOKENS) {
                        truncated = true;
                        break;
                    }
                    out.add(Json.obj("line", line, "character", from, "length", to - from, "type", s.type,
                            "modifiers", s.mods));
                }
            }
        }
        Map<String, Object> r = Json.obj("tokens", out);
        if (truncated) {
            // cut at a line boundary so that startLine = (last line + 1) pages on without a gap
            Object lastLine = ((Map<?, ?>) out.get(out.size() - 1)).get("line");
            while (out.size() > 1 && lastLine.equals(((Map<?, ?>) out.get(out.size() - 1)).get("line"))) {
                out.remove(out.size() - 1);
            }
            r.put("truncated", Boolean.TRUE);
        }
        return r;
    }

    private static boolean covered(List<Occ> occs, int oi, Lexing.Tok t) {
        return oi < occs.size() && occs.get(oi).start <= t.start && t.end <= occs.get(oi).end;
    }

    private static String tokenType(Occ o) {
        if ("enumMember".equals(o.token)) {
            return "property";
        }
        return o.token;
    }

    private static List<String> mods(Occ o) {
        List<String> m = new ArrayList<>();
        if (o.decl) {
            m.add("declaration");
        }
        if (o.isStatic) {
            m.add("static");
        }
        if (o.readonly) {
            m.add("readonly");
        }
        if (o.deprecated) {
            m.add("deprecated");
        }
        return m;
    }

    private static boolean isOperator(int type) {
        String lit = GroovyLexer.VOCABULARY.getLiteralName(type);
        if (lit == null || lit.length() < 3) {
            return false;
        }
        String op = lit.substring(1, lit.length() - 1);
        if (op.equals("(") || op.equals(")") || op.equals("{") || op.equals("}") || op.equals("[")
                || op.equals("]") || op.equals(";") || op.equals(",") || op.equals(".") || op.equals("@")) {
            return false;
        }
        return !Character.isJavaIdentifierStart(op.charAt(0));
    }
}
