package io.groovymcp.engine.query;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.ConstructorNode;
import org.codehaus.groovy.ast.MethodNode;

import io.groovymcp.engine.json.Json;
import io.groovymcp.engine.query.resolve.Hierarchy;

/**
 * References by identity. Each location says how it is known: "proven" when the compiler ties the site to the
 * declaration (declarations, static types, lexical scope, the implicit-this rule), "candidate" for a same-named call
 * the compiler left unbound (dynamic dispatch) whose receiver could be the method's class. Proven locations come
 * first. A call on a receiver of an unrelated type is another type's member and is never listed. An unbound occurrence
 * at the caret is its own identity and a candidate: the compiler has not said what it calls.
 */
final class References {
    private References() {
    }

    static Map<String, Object> run(Ctx ctx, int max) {
        Occ at = ctx.occ();
        List<Occ> all = Occurrences.of(ctx.index, at);
        int proven = all.size();
        if (at != null && !at.bound && !at.decl) {
            proven = 0; // the caret's own call is unbound: the compiler has not said what it names
        } else if (at != null && at.target instanceof MethodNode && !(at.target instanceof ConstructorNode)) {
            // same-named calls the compiler could not bind, on receivers that could be this method's class
            MethodNode m = (MethodNode) at.target;
            for (Occ c : Occurrences.unprovenCallSites(ctx.index, m)) {
                if (!all.contains(c) && !overriddenFor(c, m)) {
                    all.add(c);
                }
            }
        }
        List<Object> locations = new ArrayList<>();
        for (int i = 0; i < all.size() && locations.size() < max; i++) {
            Map<String, Object> site = Ctx.site(ctx.ws, all.get(i));
            if (site != null) {
                site.put("proof", i < proven ? "proven" : "candidate");
                locations.add(site);
            }
        }
        return Json.obj("total", all.size(), "proven", proven, "candidates", all.size() - proven,
                "truncated", all.size() > max, "locations", locations);
    }

    /**
     * True when the call's receiver type has its own override of m for that arity (declared below m's class): the
     * call then reaches that override, another type's member, never m's declaration. Rename still counts such a call
     * as a hazard, because it renames the whole override family.
     */
    private static boolean overriddenFor(Occ c, MethodNode m) {
        if (c.receiverHint == null) {
            return false;
        }
        ClassNode owner = m.getDeclaringClass().redirect();
        for (MethodNode x : Hierarchy.methods(c.receiverHint, m.getName())) {
            if (c.arity < 0 || Identity.sameArity(x, c.arity)) {
                ClassNode d = x.getDeclaringClass().redirect();
                return !d.equals(owner) && (d.isDerivedFrom(owner) || d.implementsInterface(owner));
            }
        }
        return false;
    }
}
