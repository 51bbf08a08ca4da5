package io.groovymcp.engine.query;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.MethodNode;

import io.groovymcp.engine.json.Json;

/** Subtypes of a type, or the overrides of a method (same name and parameter count), across open buffers. */
final class Implementations {
    private Implementations() {
    }

    static Map<String, Object> run(Ctx ctx) {
        List<Object> locations = new ArrayList<>();
        Occ o = ctx.occ();
        Object t = o == null ? null : o.target;
        if (t instanceof ClassNode) {
            ClassNode base = ((ClassNode) t).redirect();
            for (ClassNode c : subtypes(ctx.index, base)) {
                add(ctx, locations, c);
            }
        } else if (t instanceof MethodNode && !(t instanceof org.codehaus.groovy.ast.ConstructorNode)) {
            MethodNode m = (MethodNode) t;
            for (ClassNode c : subtypes(ctx.index, m.getDeclaringClass().redirect())) {
                for (MethodNode sub : c.getMethods(m.getName())) {
                    if (sub.getParameters().length == m.getParameters().length) {
                        add(ctx, locations, sub);
                    }
                }
            }
        }
        return Json.obj("locations", locations);
    }

    private static void add(Ctx ctx, List<Object> locations, Object decl) {
        Occ d = ctx.index.declarations.get(Identity.key(decl, ""));
        if (d != null) {
            Map<String, Object> site = Ctx.site(ctx.ws, d);
            if (site != null) {
                locations.add(site);
            }
        }
    }

    static List<ClassNode> subtypes(Index ix, ClassNode base) {
        List<ClassNode> out = new ArrayList<>();
        for (List<ClassNode> cs : ix.classes.values()) {
            for (ClassNode c : cs) {
                if (c.getName().equals(base.getName())) {
                    continue;
                }
                if (base.isInterface() ? c.implementsInterface(base) || c.isDerivedFrom(base)
                        : c.isDerivedFrom(base)) {
                    out.add(c);
                }
            }
        }
        return out;
    }
}
