package io.groovymcp.engine.query;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.ConstructorNode;
import org.codehaus.groovy.ast.MethodNode;

import io.groovymcp.engine.op.EngineException;
import io.groovymcp.engine.op.Request;
import io.groovymcp.engine.json.Json;
import io.groovymcp.engine.query.resolve.Hierarchy;
import io.groovymcp.engine.text.SourceText;

/**
 * Rename of compiler-proven bindings only. Anything the compiler did not bind (a dynamic call, an untyped property,
 * a library member) is refused with the reason and no changes, because a partial rename is worse than none.
 */
final class Rename {
    private Rename() {
    }

    /** The real reason a buffer has no AST, from its first error: a duplicate class is not a syntax error. */
    static String whyNotCompiled(Ctx ctx) {
        for (Diagnostics.Shown d : Diagnostics.of(ctx.uri, ctx.st, ctx.compilation)) {
            String text = String.valueOf(d.json.get("message"));
            if ("error".equals(d.json.get("severity")) && io.groovymcp.engine.compile.MessageCategory.DUPLICATE.equals(
                    io.groovymcp.engine.compile.MessageCategory.of(d.message, text, true))) {
                return "the buffer declares a class twice (" + text + ")";
            }
        }
        return "the buffer has syntax errors";
    }

    static Map<String, Object> run(Workspace ws, Request r) {
        String newName = r.string("newName");
        validate(newName);
        Ctx ctx = Ctx.atAll(ws, r);
        if (ctx.compilation.unit(ctx.uri) == null) {
            return refused(whyNotCompiled(ctx) + ", so the compiler cannot see every use; fix it first (see diagnostics)");
        }
        Occ o = ctx.occ();
        if (o == null) {
            return refused("nothing renameable at this position");
        }
        if (!o.bound && !o.decl && o.target instanceof org.codehaus.groovy.ast.Variable) {
            return refused("`" + o.name + "` is implicit and has no declaration to rename");
        }
        if (!o.bound && !o.decl) {
            return refused("`" + o.name + "` is not bound by the compiler (dynamic dispatch), so its target is unknown;"
                    + " rename the declaration instead, or annotate the code with @TypeChecked or @CompileStatic");
        }
        if (o.target == null) {
            return refused("`" + o.name + "` has no declaration the compiler can identify");
        }
        if (ctx.index.declarations.get(o.key) == null
                && !(o.target instanceof ConstructorNode && o.decl)) {
            return refused("`" + o.name + "` is declared outside the open buffers (" + Identity.fqn(o.target)
                    + "), so it cannot be renamed here");
        }
        boolean local = o.target instanceof org.codehaus.groovy.ast.Variable && !(o.target instanceof
                org.codehaus.groovy.ast.FieldNode) && !(o.target instanceof org.codehaus.groovy.ast.PropertyNode);
        for (String u : local ? new ArrayList<String>() : ws.openUris()) {
            SourceText other = ws.textOrNull(u);
            if (ctx.compilation.unit(u) == null && other != null && mentions(other.text(), o.name)) {
                return refused("`" + u + "` mentions `" + o.name + "` but has syntax errors, so its uses are unknown;"
                        + " fix or close it first");
            }
        }
        if (o.target instanceof org.codehaus.groovy.ast.PropertyNode) {
            String why = propertyHazard(ws, ctx.index, o.name);
            if (why != null) {
                return refused(why);
            }
        }
        List<Occ> all = Occurrences.of(ctx.index, o);
        if (o.target instanceof MethodNode && !(o.target instanceof ConstructorNode)) {
            // overriding and overridden methods must keep one name, or the override silently stops overriding
            MethodNode m = (MethodNode) o.target;
            String library = libraryOverride(ctx.index, m);
            if (library != null) {
                return refused("`" + o.name + "` overrides " + library + ", which is declared outside the open buffers");
            }
            Set<String> keys = new LinkedHashSet<>();
            keys.add(o.key);
            for (MethodNode f : family(ctx.index, m)) {
                String k = Identity.key(f, o.uri);
                if (keys.add(k) && ctx.index.byKey.containsKey(k)) {
                    all.addAll(ctx.index.byKey.get(k));
                }
            }
            String unproven = unprovenCalls(ws, ctx.index, m);
            if (unproven != null) {
                return refused("`" + o.name + "` is also called where the compiler cannot prove the target (dynamic"
                        + " dispatch): " + unproven + "; renaming would leave those calls behind. Type their receivers"
                        + " (or use @TypeChecked) first, or rename by hand");
            }
        }
        List<String> uris = new ArrayList<>(ctx.index.byUri.keySet());
        all.sort((a, b) -> a.uri.equals(b.uri) ? Integer.compare(a.start, b.start)
                : Integer.compare(uris.indexOf(a.uri), uris.indexOf(b.uri)));
        List<Object> changes = new ArrayList<>();
        Set<String> done = new LinkedHashSet<>();
        for (Occ x : all) {
            if (!done.add(x.uri + "#" + x.start)) {
                continue;
            }
            SourceText st = ws.textOrNull(x.uri);
            if (st == null || !st.text().startsWith(x.name, x.start)) {
                continue;
            }
            changes.add(Json.obj("uri", x.uri, "range", Ctx.range(st, x.start, x.end), "newText", newName));
        }
        return Json.obj("changes", changes, "changeCount", changes.size());
    }

    /**
     * Same-named calls of a compatible arity that the compiler did not bind, whose receiver could be m's class (unknown,
     * Object, or a type related to it): the sites a rename cannot prove. Null when there are none; else up to three,
     * as uri:line:character (1-based), and how many more.
     */
    static String unprovenCalls(Workspace ws, Index ix, MethodNode m) {
        List<String> sites = new ArrayList<>();
        for (Occ x : Occurrences.unprovenCallSites(ix, m)) {
            SourceText st = ws.textOrNull(x.uri);
            int[] p = st == null ? new int[] {0, 0} : st.position(x.start);
            sites.add(x.uri + ":" + (p[0] + 1) + ":" + (p[1] + 1));
        }
        if (sites.isEmpty()) {
            return null;
        }
        String shown = String.join(", ", sites.subList(0, Math.min(3, sites.size())));
        return sites.size() > 3 ? shown + " and " + (sites.size() - 3) + " more" : shown;
    }

    /** Source methods with the same name and parameter types in supertypes or subtypes of m's class. */
    static List<MethodNode> family(Index ix, MethodNode m) {
        List<MethodNode> out = new ArrayList<>();
        ClassNode owner = m.getDeclaringClass().redirect();
        String sig = Identity.key(m, "").substring(Identity.key(m, "").indexOf('#'));
        for (List<ClassNode> cs : ix.classes.values()) {
            for (ClassNode c : cs) {
                if (c.getName().equals(owner.getName())) {
                    continue;
                }
                boolean related = c.isDerivedFrom(owner) || c.implementsInterface(owner) || owner.isDerivedFrom(c)
                        || owner.implementsInterface(c);
                if (!related) {
                    continue;
                }
                for (MethodNode cm : c.getMethods(m.getName())) {
                    String k = Identity.key(cm, "");
                    if (k.substring(k.indexOf('#')).equals(sig)) {
                        out.add(cm);
                    }
                }
            }
        }
        return out;
    }

    /** The first library supertype method m overrides, or null. */
    static String libraryOverride(Index ix, MethodNode m) {
        Set<String> source = new LinkedHashSet<>();
        for (List<ClassNode> cs : ix.classes.values()) {
            for (ClassNode c : cs) {
                source.add(c.getName());
            }
        }
        String k0 = Identity.key(m, "");
        String sig = k0.substring(k0.indexOf('#'));
        for (ClassNode c : Hierarchy.supertypes(m.getDeclaringClass())) {
            if (source.contains(c.getName())) {
                continue;
            }
            for (MethodNode cm : c.getMethods(m.getName())) {
                String k = Identity.key(cm, "");
                if (k.substring(k.indexOf('#')).equals(sig)) {
                    return c.getName() + "." + m.getName();
                }
            }
        }
        return null;
    }

    /**
     * A property is also reached through its accessors and as a named argument or map key, which carry other
     * spellings of its name; renaming only the plain spellings would break those uses, so their presence refuses.
     */
    static String propertyHazard(Workspace ws, Index ix, String name) {
        String cap = Character.toUpperCase(name.charAt(0)) + name.substring(1);
        for (List<Occ> occs : ix.byUri.values()) {
            for (Occ x : occs) {
                if (x.call && (x.name.equals("get" + cap) || x.name.equals("set" + cap) || x.name.equals("is" + cap))) {
                    return "`" + x.name + "` in " + x.uri + " is an accessor of property `" + name
                            + "` and would keep its old name; rename the accessor uses by hand or remove them first";
                }
            }
        }
        for (String u : ws.openUris()) {
            String text = ws.textOrNull(u).text();
            for (int i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + 1)) {
                int e = i + name.length();
                boolean before = i == 0 || !Character.isJavaIdentifierPart(text.charAt(i - 1));
                int j = e;
                while (j < text.length() && (text.charAt(j) == ' ' || text.charAt(j) == '\t')) {
                    j++;
                }
                if (before && (e >= text.length() || !Character.isJavaIdentifierPart(text.charAt(e)))
                        && j < text.length() && text.charAt(j) == ':' && (j + 1 >= text.length()
                        || text.charAt(j + 1) != ':')) {
                    return "`" + name + ":` in " + u + " may be a named argument or map key that sets property `"
                            + name + "`; the compiler cannot tell, so the rename is refused";
                }
            }
        }
        return null;
    }

    private static boolean mentions(String text, String word) {
        for (int i = text.indexOf(word); i >= 0; i = text.indexOf(word, i + 1)) {
            boolean before = i == 0 || !Character.isJavaIdentifierPart(text.charAt(i - 1));
            int e = i + word.length();
            boolean after = e >= text.length() || !Character.isJavaIdentifierPart(text.charAt(e));
            if (before && after) {
                return true;
            }
        }
        return false;
    }

    private static Map<String, Object> refused(String why) {
        return Json.obj("changes", new ArrayList<>(), "changeCount", 0, "refused", why);
    }

    static void validate(String name) {
        if (name.isEmpty()) {
            throw new EngineException(EngineException.Kind.ARGUMENT, "newName must not be empty");
        }
        int cp = name.codePointAt(0);
        boolean ok = Character.isJavaIdentifierStart(cp);
        for (int i = Character.charCount(cp); ok && i < name.length(); ) {
            int c = name.codePointAt(i);
            ok = Character.isJavaIdentifierPart(c) && !Character.isIdentifierIgnorable(c);
            i += Character.charCount(c);
        }
        if (!ok) {
            throw new EngineException(EngineException.Kind.ARGUMENT, "newName is not a valid identifier: " + name);
        }
        if (RESERVED.contains(name)) {
            throw new EngineException(EngineException.Kind.ARGUMENT, "newName is a reserved word: " + name);
        }
    }

    private static final java.util.Set<String> RESERVED = new java.util.TreeSet<>(java.util.Arrays.asList(
            "abstract", "as", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const",
            "continue", "def", "default", "do", "double", "else", "enum", "extends", "false", "final", "finally",
            "float", "for", "goto", "if", "implements", "import", "in", "instanceof", "int", "interface", "long",
            "native", "new", "null", "package", "private", "protected", "public", "return", "short", "static",
            "strictfp", "super", "switch", "synchronized", "this", "threadsafe", "throw", "throws", "trait",
            "transient", "true", "try", "void", "volatile", "while"));
}
