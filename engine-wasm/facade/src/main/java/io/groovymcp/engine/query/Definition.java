package io.groovymcp.engine.query;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.ConstructorNode;
import org.codehaus.groovy.ast.MethodNode;

import io.groovymcp.engine.json.Json;

/**
 * Go to definition. A bound occurrence leads to its one declaration; an unbound call to every same-arity candidate on
 * the receiver's evident type, or in the open buffers when the receiver is unknown. Library targets are external.
 */
final class Definition {
    private Definition() {
    }

    static Map<String, Object> run(Ctx ctx) {
        List<Object> locations = new ArrayList<>();
        List<Object> external = new ArrayList<>();
        Occ o = ctx.occ();
        if (o != null) {
            List<Object> targets = new ArrayList<>();
            if (o.target != null) {
                targets.add(o.target);
            } else if (o.call) {
                targets.addAll(candidates(ctx.index, o));
            } else if (o.receiverHint != null) {
                Object m = Index.member(o.receiverHint, o.name);
                if (m != null) {
                    targets.add(m);
                }
            }
            Set<String> seen = new LinkedHashSet<>();
            for (Object t : targets) {
                String key = Identity.key(t, o.uri);
                if (key == null || !seen.add(key)) {
                    continue;
                }
                Occ decl = ctx.index.declarations.get(key);
                if (decl == null && t instanceof ConstructorNode) {
                    decl = ctx.index.declarations.get(Identity.key(((ConstructorNode) t).getDeclaringClass(), o.uri));
                }
                if (decl != null) {
                    Map<String, Object> site = Ctx.site(ctx.ws, decl);
                    if (site != null) {
                        locations.add(site);
                    }
                } else if (!(t instanceof org.codehaus.groovy.ast.Variable)) {
                    external.add(Json.obj("fqn", Identity.fqn(t), "signature", Identity.signature(t)));
                }
            }
        }
        return Json.obj("locations", locations, "external", external);
    }

    /** Methods an unbound call could reach: same name and arity on the hinted receiver type or in open buffers. */
    static List<MethodNode> candidates(Index ix, Occ o) {
        if (ix.compilation.partial()) {
            // the candidates are the same-named methods of every open buffer, which a closure compile lacks
            throw new NeedsFullCompile();
        }
        List<MethodNode> out = new ArrayList<>();
        if (o.receiverHint != null) {
            for (MethodNode m : methods(o.receiverHint, o.name)) {
                if (Identity.sameArity(m, o.arity)) {
                    out.add(m);
                }
            }
            if (!out.isEmpty()) {
                return out;
            }
            for (MethodNode m : ix.cache.gdkMethods()) {
                if (m.getName().equals(o.name) && Identity.sameArity(m, o.arity < 0 ? -1 : o.arity + 1)
                        && Completion.appliesTo(m, o.receiverHint)) {
                    out.add(m);
                }
            }
            if (!out.isEmpty()) {
                return out;
            }
        }
        for (List<ClassNode> cs : ix.classes.values()) {
            for (ClassNode c : cs) {
                for (MethodNode m : c.getMethods(o.name)) {
                    if (Identity.sameArity(m, o.arity) && m.getLineNumber() > 0) {
                        out.add(m);
                    }
                }
            }
        }
        return out;
    }

    /** Methods of that name on the type and all its supertypes, most specific first, overridden ones dropped. */
    static List<MethodNode> methods(ClassNode type, String name) {
        List<MethodNode> out = new ArrayList<>();
        Set<String> sigs = new LinkedHashSet<>();
        List<ClassNode> todo = new ArrayList<>();
        Set<String> visited = new LinkedHashSet<>();
        todo.add(type.redirect());
        while (!todo.isEmpty()) {
            ClassNode c = todo.remove(0);
            if (c == null || !visited.add(c.getName())) {
                continue;
            }
            for (MethodNode m : c.getMethods(name)) {
                if (m.isSynthetic()) {
                    continue;
                }
                String sig = Identity.key(m, "").substring(Identity.key(m, "").indexOf('#'));
                if (sigs.add(sig)) {
                    out.add(m);
                }
            }
            ClassNode sup = c.getSuperClass();
            if (sup != null) {
                todo.add(sup.redirect());
            } else if (c.isInterface()) {
                todo.add(org.codehaus.groovy.ast.ClassHelper.OBJECT_TYPE);
            }
            for (ClassNode i : c.getInterfaces()) {
                todo.add(i.redirect());
            }
        }
        return out;
    }
}
