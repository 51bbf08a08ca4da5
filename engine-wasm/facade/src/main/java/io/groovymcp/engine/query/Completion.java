package io.groovymcp.engine.query;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.codehaus.groovy.ast.ClassHelper;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.ConstructorNode;
import org.codehaus.groovy.ast.FieldNode;
import org.codehaus.groovy.ast.MethodNode;
import org.codehaus.groovy.ast.Parameter;
import org.codehaus.groovy.ast.PropertyNode;
import org.codehaus.groovy.ast.expr.VariableExpression;
import org.codehaus.groovy.control.ResolveVisitor;

import io.groovymcp.engine.classmodel.LibraryHooks;
import io.groovymcp.engine.json.Json;
import io.groovymcp.engine.query.resolve.Gdk;
import io.groovymcp.engine.query.resolve.Hierarchy;

/**
 * Completion. After a dot: members of the receiver's static type (from the class model for library types) and, once
 * the prefix has two characters, GDK methods that apply to it. Elsewhere: locals and parameters in scope, members of
 * the enclosing classes, types, keywords and snippets. Best first, at most 100 items.
 */
final class Completion {
    static final int MAX = 100;

    private Completion() {
    }

    static Map<String, Object> run(Ctx ctx) {
        String text = ctx.st.text();
        int caret = ctx.offset;
        int ps = caret;
        while (ps > 0 && Character.isJavaIdentifierPart(text.charAt(ps - 1))) {
            ps--;
        }
        String prefix = text.substring(ps, caret);
        Map<String, Map<String, Object>> items = new LinkedHashMap<>();
        boolean member = ps > 0 && text.charAt(ps - 1) == '.';
        if (member) {
            Occ o = receiverOcc(ctx, ps, prefix);
            ClassNode recv = o == null || o.receiverHint == null ? ClassHelper.OBJECT_TYPE : o.receiverHint;
            boolean staticOnly = o != null && o.staticReceiver;
            members(items, recv, prefix, staticOnly);
            if (prefix.length() >= 2 && !staticOnly) {
                gdk(ctx.cache, items, recv, prefix);
            }
        } else {
            Index ix = ctx.index;
            if (ctx.compilation.unit(ctx.uri) == null) {
                Patched p = Patched.insert(ctx, caret, prefix.isEmpty() ? Patched.PLACEHOLDER : "");
                if (!p.parsed()) {
                    p = Patched.truncated(ctx, caret, prefix.isEmpty() ? Patched.PLACEHOLDER : "");
                }
                ix = p.index;
            }
            locals(items, ix, ctx.uri, caret, ps, prefix);
            enclosingMembers(items, ix, ctx.uri, caret, prefix);
            types(items, ix, prefix);
            for (String k : Lexing.keywords()) {
                if (startsWith(k, prefix)) {
                    put(items, "k:" + k, Json.obj("label", k, "kind", "Keyword", "detail", "keyword", "insertText", k));
                }
            }
            snippets(items, prefix);
            if (!prefix.isEmpty()) {
                defaultTypes(items, prefix);
            }
        }
        List<Object> out = new ArrayList<>();
        for (Map<String, Object> i : items.values()) {
            if (out.size() >= MAX) {
                break;
            }
            out.add(i);
        }
        return Json.obj("items", out, "isIncomplete", items.size() > MAX);
    }

    private static void put(Map<String, Map<String, Object>> items, String key, Map<String, Object> item) {
        if (!items.containsKey(key)) {
            items.put(key, item);
        }
    }

    static boolean startsWith(String s, String prefix) {
        return s.length() >= prefix.length() && s.regionMatches(true, 0, prefix, 0, prefix.length());
    }

    /** The member-access occurrence at the prefix, from the live compile or else a patched one. */
    private static Occ receiverOcc(Ctx ctx, int ps, String prefix) {
        if (!prefix.isEmpty() && ctx.compilation.unit(ctx.uri) != null) {
            for (Occ o : ctx.index.occurrences(ctx.uri)) {
                if (o.start == ps && o.name.equals(prefix) && o.receiverHint != null) {
                    return o;
                }
            }
        }
        Patched p = Patched.insert(ctx, ctx.offset, Patched.PLACEHOLDER);
        if (!p.parsed()) {
            p = Patched.truncated(ctx, ctx.offset, Patched.PLACEHOLDER);
        }
        for (Occ o : p.index.occurrences(ctx.uri)) {
            if (o.start == ps) {
                return o;
            }
        }
        return null;
    }

    static void members(Map<String, Map<String, Object>> items, ClassNode type, String prefix, boolean staticOnly) {
        List<ClassNode> chain = Hierarchy.supertypes(type);
        List<Map<String, Object>> found = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (ClassNode c : chain) {
            for (PropertyNode p : c.getProperties()) {
                if (startsWith(p.getName(), prefix) && (!staticOnly || p.isStatic()) && seen.add("f:" + p.getName())) {
                    found.add(Json.obj("label", p.getName(), "kind", "Property", "detail", Identity.signature(p),
                            "insertText", p.getName()));
                }
            }
            for (FieldNode f : c.getFields()) {
                if (f.isPublic() && !f.isSynthetic() && f.getName().indexOf('$') < 0 && startsWith(f.getName(), prefix)
                        && (!staticOnly || f.isStatic()) && seen.add("f:" + f.getName())) {
                    found.add(Json.obj("label", f.getName(), "kind", "Field", "detail", Identity.signature(f),
                            "insertText", f.getName()));
                }
            }
            // overloads of one arity show once; sort so both runtimes keep the same one (reflection and the class
            // model list a class's methods in different orders)
            List<MethodNode> ms = new ArrayList<>(c.getMethods());
            ms.sort((a, b) -> LibraryParameters.erasure(a).compareTo(LibraryParameters.erasure(b)));
            for (MethodNode m : ms) {
                // a library class offers its public and protected API only: the JVM's reflection-backed nodes also
                // carry package-private internals (String.checkBoundsBeginEnd) that the class model never has
                boolean internal = !c.isPrimaryClassNode() && !m.isPublic() && !m.isProtected();
                if (m.isSynthetic() || m.isPrivate() || internal || m.getName().indexOf('$') >= 0
                        || m.getName().startsWith("<") || !startsWith(m.getName(), prefix)
                        || (staticOnly && !m.isStatic())) {
                    continue;
                }
                if (seen.add("m:" + m.getName() + "/" + m.getParameters().length)) {
                    found.add(method(m, LibraryParameters.of(m), 0, m.isStatic() ? "Function" : "Method",
                            Identity.method(m)));
                }
            }
        }
        found.sort((a, b) -> {
            int c = String.valueOf(a.get("label")).compareTo(String.valueOf(b.get("label")));
            return c != 0 ? c : String.valueOf(a.get("detail")).compareTo(String.valueOf(b.get("detail")));
        });
        for (Map<String, Object> f : found) {
            put(items, "m:" + f.get("label") + ":" + f.get("detail"), f);
        }
    }

    static Map<String, Object> method(MethodNode m, Parameter[] ps, int skip, String kind, String detail) {
        StringBuilder ins = new StringBuilder(m.getName()).append('(');
        for (int i = skip; i < ps.length; i++) {
            if (i > skip) {
                ins.append(", ");
            }
            ins.append("${").append(i - skip + 1).append(':').append(ps[i].getName()).append('}');
        }
        ins.append(')');
        return Json.obj("label", m.getName(), "kind", kind, "detail", detail, "insertText", ins.toString());
    }

    private static void gdk(QueryCache cache, Map<String, Map<String, Object>> items, ClassNode recv, String prefix) {
        List<Map<String, Object>> found = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        for (Map<String, Object> i : items.values()) {
            // a real member hides the GDK method of the same name
            names.add(String.valueOf(i.get("label")));
        }
        ClassNode r = recv.redirect();
        for (MethodNode m : cache.gdkMethods()) {
            if (!startsWith(m.getName(), prefix) || names.contains(m.getName())) {
                continue;
            }
            if (Gdk.appliesTo(m, r)) {
                names.add(m.getName());
                found.add(method(m, LibraryParameters.of(m), 1, "Method", "GDK"));
            }
        }
        found.sort((a, b) -> String.valueOf(a.get("label")).compareTo(String.valueOf(b.get("label"))));
        for (Map<String, Object> f : found) {
            put(items, "g:" + f.get("label"), f);
        }
    }

    private static boolean deprecated(MethodNode m) {
        return Index.deprecated(m);
    }

    private static void locals(Map<String, Map<String, Object>> items, Index ix, String uri, int caret, int ps,
                               String prefix) {
        List<Occ> decls = new ArrayList<>();
        for (Occ o : ix.occurrences(uri)) {
            if (o.decl && (o.target instanceof Parameter || o.target instanceof VariableExpression)
                    && o.end <= ps && o.scopeStart <= caret && caret <= o.scopeEnd && startsWith(o.name, prefix)
                    && !o.name.startsWith(Patched.PLACEHOLDER)) {
                decls.add(o);
            }
        }
        // nearest declaration first
        for (int i = decls.size() - 1; i >= 0; i--) {
            Occ o = decls.get(i);
            String detail = o.target instanceof Parameter ? Identity.param((Parameter) o.target)
                    : Describe.localType(ix, (VariableExpression) o.target) + " " + o.name;
            put(items, "v:" + o.name, Json.obj("label", o.name, "kind", "Variable", "detail", detail,
                    "insertText", o.name));
        }
    }

    private static void enclosingMembers(Map<String, Map<String, Object>> items, Index ix, String uri, int caret,
                                         String prefix) {
        for (Occ o : ix.occurrences(uri)) {
            if (!o.decl || !startsWith(o.name, prefix) || o.name.startsWith(Patched.PLACEHOLDER)) {
                continue;
            }
            ClassNode owner = null;
            if (o.target instanceof MethodNode && !(o.target instanceof ConstructorNode)) {
                owner = ((MethodNode) o.target).getDeclaringClass();
            } else if (o.target instanceof FieldNode) {
                owner = ((FieldNode) o.target).getDeclaringClass();
            } else if (o.target instanceof PropertyNode) {
                owner = ((PropertyNode) o.target).getDeclaringClass();
            }
            if (owner == null || !encloses(ix, uri, owner, caret)) {
                continue;
            }
            if (o.target instanceof MethodNode) {
                MethodNode m = (MethodNode) o.target;
                put(items, "m:" + m.getName() + "/" + m.getParameters().length, method(m, LibraryParameters.of(m), 0,
                        m.isStatic() ? "Function" : "Method", Identity.method(m)));
            } else {
                put(items, "f:" + o.name, Json.obj("label", o.name, "kind",
                        o.target instanceof PropertyNode ? "Property" : "Field", "detail", Identity.signature(o.target),
                        "insertText", o.name));
            }
        }
    }

    /** Whether the caret is inside the class (script members are visible in the whole script). */
    private static boolean encloses(Index ix, String uri, ClassNode owner, int caret) {
        if (owner.isScript()) {
            return true;
        }
        Occ d = ix.declarations.get(Identity.key(owner, uri));
        if (d == null || d.node == null || !uri.equals(d.uri)) {
            return false;
        }
        return within(ix, d, caret);
    }

    private static boolean within(Index ix, Occ classDecl, int caret) {
        org.codehaus.groovy.ast.ASTNode n = (org.codehaus.groovy.ast.ASTNode) classDecl.node;
        io.groovymcp.engine.text.SourceText st = ix.texts.text(classDecl.uri);
        if (st == null) {
            return false;
        }
        return st.compilerOffset(n.getLineNumber(), n.getColumnNumber()) <= caret
                && caret <= st.compilerOffset(n.getLastLineNumber(), n.getLastColumnNumber());
    }

    private static void types(Map<String, Map<String, Object>> items, Index ix, String prefix) {
        for (List<ClassNode> cs : ix.classes.values()) {
            for (ClassNode c : cs) {
                String simple = Identity.simple(c.getPlainNodeReference());
                if (startsWith(simple, prefix) && !prefix.isEmpty()) {
                    put(items, "t:" + c.getName(), Json.obj("label", simple, "kind", Symbols.kind(c),
                            "detail", c.getName(), "insertText", simple));
                }
            }
        }
    }

    private static void defaultTypes(Map<String, Map<String, Object>> items, String prefix) {
        for (String pkg : ResolveVisitor.DEFAULT_IMPORTS) {
            for (String n : LibraryHooks.simpleNamesIn(pkg)) {
                if (startsWith(n, prefix)) {
                    String fqn = pkg + n;
                    put(items, "t:" + fqn, Json.obj("label", n, "kind", "Class", "detail", fqn, "insertText", n));
                }
            }
        }
    }

    private static final String[][] SNIPPETS = {
        {"class", "class ${1:Name} {\n\t$0\n}"},
        {"interface", "interface ${1:Name} {\n\t$0\n}"},
        {"enum", "enum ${1:Name} {\n\t$0\n}"},
        {"trait", "trait ${1:Name} {\n\t$0\n}"},
        {"for", "for (${1:item} in ${2:items}) {\n\t$0\n}"},
        {"if", "if (${1:condition}) {\n\t$0\n}"},
        {"try", "try {\n\t$0\n} catch (${1:Exception} e) {\n}"},
    };

    private static void snippets(Map<String, Map<String, Object>> items, String prefix) {
        for (String[] s : SNIPPETS) {
            if (startsWith(s[0], prefix)) {
                put(items, "s:" + s[0], Json.obj("label", s[0], "kind", "Snippet", "detail", s[0] + " block",
                        "insertText", s[1]));
            }
        }
    }
}
