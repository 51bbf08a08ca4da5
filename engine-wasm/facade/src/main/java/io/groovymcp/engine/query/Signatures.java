package io.groovymcp.engine.query;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.groovy.parser.antlr4.GroovyLexer;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.ConstructorNode;
import org.codehaus.groovy.ast.MethodNode;
import org.codehaus.groovy.ast.Parameter;

import io.groovymcp.engine.json.Json;
import io.groovymcp.engine.query.resolve.Hierarchy;
import io.groovymcp.engine.text.SourceText;

/**
 * Signature help: the innermost open call around the caret (found with the lexer, so half-typed calls work), its
 * overloads from the compiler's view of the receiver, and the active parameter from the commas before the caret.
 */
final class Signatures {
    private Signatures() {
    }

    static Map<String, Object> run(Ctx ctx) {
        List<Object> sigs = new ArrayList<>();
        String text = ctx.st.text();
        List<Lexing.Tok> toks = ctx.cache.lex(text);
        int[] stack = new int[toks.size() + 1];
        int sp = 0;
        for (int i = 0; i < toks.size() && toks.get(i).start < ctx.offset; i++) {
            int t = toks.get(i).type;
            if (t == GroovyLexer.LPAREN || t == GroovyLexer.LBRACE || t == GroovyLexer.LBRACK
                    || t == GroovyLexer.SAFE_INDEX) {
                stack[sp++] = i;
            } else if ((t == GroovyLexer.RPAREN || t == GroovyLexer.RBRACE || t == GroovyLexer.RBRACK) && sp > 0) {
                sp--;
            }
        }
        if (sp == 0 || toks.get(stack[sp - 1]).type != GroovyLexer.LPAREN || stack[sp - 1] == 0) {
            return empty();
        }
        int open = stack[sp - 1];
        Lexing.Tok nameTok = toks.get(open - 1);
        if (!Lexing.isIdentifier(nameTok.type)) {
            return empty();
        }
        int commas = 0;
        int depth = 0;
        boolean anyArg = false;
        for (int i = open + 1; i < toks.size() && toks.get(i).start < ctx.offset; i++) {
            int t = toks.get(i).type;
            if (t == GroovyLexer.LPAREN || t == GroovyLexer.LBRACE || t == GroovyLexer.LBRACK) {
                depth++;
            } else if (t == GroovyLexer.RPAREN || t == GroovyLexer.RBRACE || t == GroovyLexer.RBRACK) {
                depth--;
            } else if (t == GroovyLexer.COMMA && depth == 0) {
                commas++;
            }
            if (t != GroovyLexer.NL) {
                anyArg = true;
            }
        }
        boolean ctor = open >= 2 && toks.get(open - 2).type == GroovyLexer.NEW;
        Index used = ctx.index;
        Occ o = find(used, ctx.uri, nameTok.start);
        if (o == null) {
            StringBuilder closers = new StringBuilder();
            for (int k = sp - 1; k >= 0; k--) {
                int t = toks.get(stack[k]).type;
                closers.append(t == GroovyLexer.LPAREN ? ")" : t == GroovyLexer.LBRACE ? "}" : "]");
            }
            Patched p = Patched.insert(ctx, ctx.offset, closers.toString());
            if (!p.parsed()) {
                p = Patched.truncated(ctx, ctx.offset, "");
            }
            used = p.index;
            o = find(used, ctx.uri, nameTok.start);
        }
        List<MethodNode> overloads = new ArrayList<>();
        if (ctor || (o != null && o.target instanceof ClassNode)) {
            ClassNode type = o != null && o.target instanceof ClassNode ? (ClassNode) o.target : null;
            if (type != null) {
                overloads.addAll(type.redirect().getDeclaredConstructors());
            }
        } else if (o != null) {
            ClassNode owner = o.target instanceof MethodNode ? ((MethodNode) o.target).getDeclaringClass()
                    : o.receiverHint;
            if (owner != null) {
                overloads.addAll(Hierarchy.methods(owner, nameTok.text));
            }
            if (overloads.isEmpty()) {
                Occ any = new Occ(o.uri, o.start, o.end, o.name, null, "", false, false, "method");
                overloads.addAll(Occurrences.candidates(used, any));
            }
        }
        if (overloads.isEmpty()) {
            return empty();
        }
        int arity = o != null && o.arity >= 0 ? o.arity : anyArg ? commas + 1 : 0;
        int active = 0;
        int bestDiff = Integer.MAX_VALUE;
        for (int i = 0; i < overloads.size(); i++) {
            MethodNode m = overloads.get(i);
            int diff = Math.abs(m.getParameters().length - Math.max(arity, commas + (anyArg ? 1 : 0)));
            if (diff < bestDiff) {
                bestDiff = diff;
                active = i;
            }
            sigs.add(signature(ctx, used, m));
        }
        int params = overloads.get(active).getParameters().length;
        int activeParam = params == 0 ? 0 : Math.min(commas, params - 1);
        return Json.obj("signatures", sigs, "activeSignature", active, "activeParameter", activeParam);
    }

    private static Occ find(Index ix, String uri, int start) {
        for (Occ o : ix.occurrences(uri)) {
            if (o.start == start) {
                return o;
            }
        }
        return null;
    }

    private static Map<String, Object> signature(Ctx ctx, Index ix, MethodNode m) {
        List<Object> ps = new ArrayList<>();
        StringBuilder label = new StringBuilder(m instanceof ConstructorNode
                ? Identity.simple(m.getDeclaringClass().getPlainNodeReference()) : m.getName()).append('(');
        Parameter[] params = LibraryParameters.of(m);
        for (int i = 0; i < params.length; i++) {
            String p = Identity.param(params[i]);
            if (i > 0) {
                label.append(", ");
            }
            label.append(p);
            ps.add(Json.obj("label", p));
        }
        label.append(')');
        Map<String, Object> s = Json.obj("label", label.toString(), "parameters", ps);
        Occ decl = ix.declarations.get(Identity.key(m, ""));
        if (decl != null && decl.node != null) {
            SourceText st = ix.texts.text(decl.uri);
            org.codehaus.groovy.ast.ASTNode n = (org.codehaus.groovy.ast.ASTNode) decl.node;
            if (st != null) {
                String doc = Groovydoc.markdown(Groovydoc.before(st.text(),
                        st.compilerOffset(n.getLineNumber(), n.getColumnNumber())));
                if (!doc.isEmpty()) {
                    s.put("documentation", doc);
                }
            }
        }
        return s;
    }

    private static Map<String, Object> empty() {
        return Json.obj("signatures", new ArrayList<>(), "activeSignature", 0, "activeParameter", 0);
    }
}
