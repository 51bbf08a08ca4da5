package io.groovymcp.engine.query;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.ConstructorNode;

import io.groovymcp.engine.json.Json;

/**
 * References by identity. An unbound occurrence is its own identity: the compiler has not said what it calls, so it
 * is never grouped with other same-named calls or with any declaration.
 */
final class References {
    private References() {
    }

    static Map<String, Object> run(Ctx ctx, int max) {
        List<Occ> all = of(ctx.index, ctx.occ());
        List<Object> locations = new ArrayList<>();
        for (Occ o : all) {
            if (locations.size() >= max) {
                break;
            }
            Map<String, Object> site = Ctx.site(ctx.ws, o);
            if (site != null) {
                locations.add(site);
            }
        }
        return Json.obj("total", all.size(), "truncated", all.size() > max, "locations", locations);
    }

    /** Every occurrence of the caret's identity (declaration included); a class also owns its constructors' names. */
    static List<Occ> of(Index ix, Occ o) {
        List<Occ> out = new ArrayList<>();
        if (o == null) {
            return out;
        }
        String key = o.key;
        if (o.target instanceof ConstructorNode && o.decl) {
            key = Identity.key(((ConstructorNode) o.target).getDeclaringClass(), o.uri);
        }
        List<Occ> same = ix.byKey.get(key);
        if (same == null) {
            out.add(o);
            return out;
        }
        if (key.startsWith("T:")) {
            String cls = key.substring(2);
            List<Occ> merged = new ArrayList<>(same);
            for (List<Occ> l : ix.byUri.values()) {
                for (Occ c : l) {
                    if (c.decl && c.target instanceof ConstructorNode
                            && ((ConstructorNode) c.target).getDeclaringClass().getName().equals(cls)) {
                        merged.add(c);
                    }
                }
            }
            List<String> uris = new ArrayList<>(ix.byUri.keySet());
            merged.sort((a, b) -> a.uri.equals(b.uri) ? Integer.compare(a.start, b.start)
                    : Integer.compare(uris.indexOf(a.uri), uris.indexOf(b.uri)));
            return merged;
        }
        return new ArrayList<>(same);
    }
}
