package io.groovymcp.engine.query;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.apache.groovy.parser.antlr4.GroovyLexer;
import org.codehaus.groovy.ast.ImportNode;
import org.codehaus.groovy.ast.ModuleNode;
import org.codehaus.groovy.control.SourceUnit;

import io.groovymcp.engine.op.Request;
import io.groovymcp.engine.compile.Compilation;
import io.groovymcp.engine.json.Json;
import io.groovymcp.engine.text.Chars;
import io.groovymcp.engine.text.SourceText;

/**
 * Unused-import hints and organize imports. An import is proven unused when the compiled module has it and its name
 * (class simple name, alias or static member) never appears as an identifier outside import and package statements:
 * every use the compiler resolves through an import, in code, annotations, generics or class literals, spells that
 * name. Only plain single-type imports are removed; star, alias and static imports are kept and sorted.
 */
final class OrganizeImports {
    private OrganizeImports() {
    }

    static final class Stmt {
        int start;
        int end;
        String text;
        boolean isStatic;
        boolean star;
        boolean alias;
        String name;
    }

    static List<Map<String, Object>> hints(QueryCache cache, Compilation c, String uri, SourceText st) {
        List<Map<String, Object>> out = new ArrayList<>();
        SourceUnit su = c.unit(uri);
        ModuleNode m = su == null ? null : su.getAST();
        if (m == null) {
            return out;
        }
        List<ImportNode> all = new ArrayList<>(m.getImports());
        all.addAll(m.getStaticImports().values());
        // the used names cost a second lex of the whole text (as much as the compile's own lexing): only a file
        // with an import in its text needs them
        boolean written = false;
        for (ImportNode i : all) {
            written |= i.getLineNumber() >= 1;
        }
        if (!written) {
            return out;
        }
        Set<String> used = usedNames(cache, st.text());
        all.sort((a, b) -> Integer.compare(a.getLineNumber(), b.getLineNumber()));
        for (ImportNode i : all) {
            if (i.getLineNumber() < 1 || used.contains(i.getAlias())) {
                continue;
            }
            int[] s = st.position(st.compilerOffset(i.getLineNumber(), i.getColumnNumber()));
            int[] e = i.getLastLineNumber() > 0
                    ? st.position(st.compilerOffset(i.getLastLineNumber(), i.getLastColumnNumber())) : s;
            String shown = i.isStatic() ? i.getClassName() + "." + i.getFieldName() : i.getClassName();
            out.add(Json.obj("range", SourceText.range(s, e), "severity", "hint",
                    "message", "Unused import: " + shown.replace('$', '.'), "code", "unused-import"));
        }
        return out;
    }

    /** Identifier tokens outside import and package statements. */
    static Set<String> usedNames(QueryCache cache, String text) {
        // asked only whether it contains a name: no order needed, and TeaVM's TreeSet pays a cast check per comparison
        Set<String> used = new HashSet<>();
        boolean header = false;
        for (Lexing.Tok t : cache.lex(text)) {
            if (t.type == GroovyLexer.IMPORT || t.type == GroovyLexer.PACKAGE) {
                header = true;
            } else if (t.type == GroovyLexer.SEMI || (t.type == GroovyLexer.NL && !t.isComment())) {
                header = false;
            } else if (!header && Lexing.isIdentifier(t.type)) {
                used.add(t.text);
            } else if (!header && Lexing.isString(t.type) && t.text.indexOf('$') >= 0) {
                // a GString's $name parts
                String s = t.text;
                for (int i = s.indexOf('$'); i >= 0; i = s.indexOf('$', i + 1)) {
                    int j = i + 1;
                    while (j < s.length() && Chars.isJavaIdentifierPart(s.charAt(j))) {
                        j++;
                    }
                    if (j > i + 1) {
                        used.add(s.substring(i + 1, j));
                    }
                }
            }
        }
        return used;
    }

    static Map<String, Object> run(Workspace ws, Request r) {
        String uri = r.string("uri");
        SourceText st = ws.text(uri);
        Compilation c = ws.compileFor(uri);
        List<Object> edits = new ArrayList<>();
        SourceUnit su = c.unit(uri);
        if (su == null || su.getAST() == null) {
            return Json.obj("edits", edits);
        }
        String text = st.text();
        List<Stmt> stmts = statements(ws.cache(), st);
        if (stmts == null || stmts.isEmpty()) {
            return Json.obj("edits", edits);
        }
        Set<String> used = usedNames(ws.cache(), text);
        Set<String> unresolved = new TreeSet<>();
        List<String> plain = new ArrayList<>();
        List<String> statics = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (Stmt s : stmts) {
            boolean removable = !s.isStatic && !s.star && !s.alias && s.name != null && !used.contains(s.name);
            if (removable || !seen.add(s.text)) {
                continue;
            }
            (s.isStatic ? statics : plain).add(s.text);
        }
        java.util.Comparator<String> order = (a, b) -> {
            int ci = Symbols.lower(a).compareTo(Symbols.lower(b));
            return ci != 0 ? ci : a.compareTo(b);
        };
        plain.sort(order);
        statics.sort(order);
        String eol = text.contains("\r\n") ? "\r\n" : text.contains("\r") && !text.contains("\n") ? "\r" : "\n";
        StringBuilder sb = new StringBuilder();
        for (String p : plain) {
            sb.append(sb.length() > 0 ? eol : "").append(p);
        }
        for (String p : statics) {
            sb.append(sb.length() > 0 ? eol : "").append(p);
        }
        int from = stmts.get(0).start;
        int to = stmts.get(stmts.size() - 1).end;
        if (sb.length() == 0) {
            // drop the now-empty import lines, line terminators included
            int[] e = st.position(to);
            to = e[0] + 1 < st.lineCount() ? st.lineStart(e[0] + 1) : text.length();
        }
        String replacement = sb.toString();
        if (!text.substring(from, to).equals(replacement)) {
            edits.add(Json.obj("range", Ctx.range(st, from, to), "newText", replacement));
        }
        unresolved.clear();
        return Json.obj("edits", edits);
    }

    /**
     * Import statements in order, each on its own lines with nothing else; null when anything else (a comment, an
     * annotation, code) sits among them, because rewriting that block could lose it.
     */
    static List<Stmt> statements(QueryCache cache, SourceText st) {
        String text = st.text();
        List<Lexing.Tok> toks = cache.lex(text);
        List<Stmt> out = new ArrayList<>();
        boolean inBlock = false;
        for (int i = 0; i < toks.size(); i++) {
            Lexing.Tok t = toks.get(i);
            if (t.type == GroovyLexer.NL && !t.isComment() || t.type == GroovyLexer.SEMI) {
                continue;
            }
            if (t.type != GroovyLexer.IMPORT) {
                if (!out.isEmpty()) {
                    inBlock = true;
                }
                if (t.type == GroovyLexer.PACKAGE && out.isEmpty()) {
                    while (i + 1 < toks.size() && toks.get(i + 1).type != GroovyLexer.NL
                            && toks.get(i + 1).type != GroovyLexer.SEMI) {
                        i++;
                    }
                    continue;
                }
                if (out.isEmpty()) {
                    if (t.isComment()) {
                        continue;
                    }
                    return out;
                }
                continue;
            }
            if (inBlock) {
                return null;
            }
            Stmt s = new Stmt();
            s.start = t.start;
            int j = i + 1;
            StringBuilder sb = new StringBuilder("import");
            List<String> parts = new ArrayList<>();
            while (j < toks.size() && toks.get(j).type != GroovyLexer.NL && toks.get(j).type != GroovyLexer.SEMI
                    && toks.get(j).type != Lexing.COMMENT) {
                Lexing.Tok p = toks.get(j);
                if (p.type == GroovyLexer.STATIC) {
                    s.isStatic = true;
                    sb.append(" static ");
                } else if (p.type == GroovyLexer.AS) {
                    s.alias = true;
                    sb.append(" as ");
                } else {
                    if (sb.charAt(sb.length() - 1) == 't' && sb.length() == 6) {
                        sb.append(' ');
                    }
                    sb.append(p.text);
                    parts.add(p.text);
                }
                j++;
            }
            if (j < toks.size() && toks.get(j).type == Lexing.COMMENT) {
                return null;
            }
            Lexing.Tok last = toks.get(j - 1);
            s.end = last.end;
            s.text = sb.toString();
            s.star = !parts.isEmpty() && parts.get(parts.size() - 1).equals("*");
            s.name = parts.isEmpty() ? null : parts.get(parts.size() - 1);
            // the statement must have its line(s) to itself
            int[] a = st.position(s.start);
            int[] b = st.position(s.end);
            if (!text.substring(st.lineStart(a[0]), s.start).trim().isEmpty()
                    || !text.substring(s.end, st.lineEnd(b[0])).trim().replace(";", "").isEmpty()) {
                return null;
            }
            out.add(s);
            i = j - 1;
        }
        return out;
    }
}
