package io.groovymcp.engine.query;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.codehaus.groovy.ast.ConstructorNode;

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
                targets.addAll(Occurrences.candidates(ctx.index, o));
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
}
