package io.groovymcp.engine.project;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.codehaus.groovy.ast.ImportNode;
import org.codehaus.groovy.ast.ModuleNode;
import org.codehaus.groovy.control.SourceUnit;

import io.groovymcp.engine.compile.Compilation;
import io.groovymcp.engine.compile.MessageCategory;
import io.groovymcp.engine.cps.VarsSteps;
import io.groovymcp.engine.json.Json;
import io.groovymcp.engine.op.Request;
import io.groovymcp.engine.query.Diagnostics;
import io.groovymcp.engine.query.Workspace;

/**
 * The {@code unresolvedCandidates} op: the classes a compile could not resolve, each with the fully qualified names
 * it could stand for in its file (an explicit import of it; else the file's package and each star import), so the
 * host can look for exactly those sources by name ({@code p/Q.groovy} for {@code p.Q}), read them through its
 * confined reader, add their declarations and ask again. Nothing is walked: only names the compiler asked for are
 * candidates. The answer is bounded (names per reply, candidates per name), so a file naming thousands of missing
 * classes costs the host a bounded number of lookups per round; {@code truncated} says more remain.
 */
public final class UnresolvedCandidates {
    static final int MAX_NAMES = 64;
    static final int MAX_CANDIDATES = 8;

    private UnresolvedCandidates() {
    }

    public static Map<String, Object> run(Workspace ws, ProjectDeclarations project, Request r) {
        List<String> uris = r.optStrings("uris");
        String one = r.optString("uri");
        if (uris == null) {
            uris = one != null ? java.util.Collections.singletonList(one) : ws.openUris();
        }
        for (String u : uris) {
            ws.text(u);
        }
        Compilation whole = uris.size() == 1 ? null : ws.current();
        List<Object> names = new ArrayList<>();
        boolean truncated = false;
        for (String uri : new LinkedHashSet<>(uris)) {
            Compilation c = whole != null ? whole : ws.compileFor(uri);
            SourceUnit su = c.unit(uri);
            ModuleNode module = su == null ? null : su.getAST();
            Set<String> seen = new LinkedHashSet<>();
            for (Diagnostics.Shown d : Diagnostics.of(uri, ws.text(uri), c)) {
                String name = MessageCategory.unresolvedName(String.valueOf(d.json.get("message")));
                if (name == null || !seen.add(name)) {
                    continue;
                }
                List<String> candidates = new ArrayList<>();
                for (String fqn : candidates(module, name)) {
                    if (!project.declares(fqn) && candidates.size() < MAX_CANDIDATES) {
                        candidates.add(fqn);
                    }
                }
                if (candidates.isEmpty()) {
                    continue;
                }
                if (names.size() >= MAX_NAMES) {
                    truncated = true;
                    break;
                }
                names.add(Json.obj("uri", uri, "name", name, "candidates", candidates));
            }
            // a pipeline's globals: vars/NAME.groovy of the repository's library, looked up under vars/ only
            for (String name : truncated ? java.util.Collections.<String>emptySet() : VarsSteps.names(su)) {
                if (project.hasFile(u -> VarsSteps.defines(u, name))) {
                    continue; // looked up already (a script declares no class the project model keeps)
                }
                if (names.size() >= MAX_NAMES) {
                    truncated = true;
                    break;
                }
                names.add(Json.obj("uri", uri, "name", name, "candidates", java.util.Collections.singletonList(name),
                        "roots", java.util.Collections.singletonList(VarsSteps.ROOT)));
            }
        }
        return Json.obj("names", names, "truncated", truncated);
    }

    /**
     * The top-level class names a name written in this module may mean, most likely first. A qualified name is
     * either a package and class or an outer class and its nested ones, so each of its prefixes is a candidate.
     */
    static Set<String> candidates(ModuleNode module, String written) {
        Set<String> out = new LinkedHashSet<>();
        String pkg = "";
        if (module != null && module.getPackageName() != null) {
            pkg = module.getPackageName();
            if (pkg.endsWith(".")) {
                pkg = pkg.substring(0, pkg.length() - 1);
            }
        }
        int dot = written.indexOf('.');
        String head = dot < 0 ? written : written.substring(0, dot);
        Map<String, String> explicit = new LinkedHashMap<>();
        List<String> stars = new ArrayList<>();
        if (module != null) {
            for (ImportNode i : module.getImports()) {
                explicit.put(i.getAlias(), i.getClassName());
            }
            for (ImportNode i : module.getStarImports()) {
                String p = i.getPackageName();
                stars.add(p.endsWith(".") ? p.substring(0, p.length() - 1) : p);
            }
        }
        if (explicit.containsValue(written)) {
            out.add(written); // the message names the import itself
            return out;
        }
        if (explicit.containsKey(head)) {
            out.add(explicit.get(head)); // an import names the outer class: nested names live in its file
            return out;
        }
        if (dot > 0) {
            // a.b.C.D is a/b/C with C.D nested, or a/b/C/D: each prefix that reads as a class name, longest first
            for (String q = written; q.indexOf('.') > 0; q = q.substring(0, q.lastIndexOf('.'))) {
                if (Character.isUpperCase(q.charAt(q.lastIndexOf('.') + 1))) {
                    out.add(q);
                }
            }
            if (!Character.isUpperCase(head.charAt(0))) {
                return out; // a package-qualified name: never relative to this file's package or imports
            }
        }
        out.add(pkg.isEmpty() ? head : pkg + "." + head);
        for (String s : stars) {
            out.add(s + "." + head);
        }
        out.removeIf(n -> !Names.isQualified(n));
        return out;
    }
}
