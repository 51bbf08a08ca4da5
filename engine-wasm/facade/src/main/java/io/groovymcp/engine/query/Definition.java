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
            if (locations.isEmpty() && external.isEmpty() && o.target == null) {
                varsStep(ctx, o, locations, external);
            }
        }
        return Json.obj("locations", locations, "external", external);
    }

    /**
     * A pipeline's unbound {@code NAME(...)}, {@code NAME} or {@code NAME.member}: the library global variable
     * {@code vars/NAME.groovy} when a buffer holds it, else the class {@code NAME} the host looked up from it
     * (external, so the host opens its source and asks again).
     */
    private static void varsStep(Ctx ctx, Occ o, List<Object> locations, List<Object> external) {
        org.codehaus.groovy.control.SourceUnit su = ctx.compilation.unit(o.uri);
        if (su == null || su.getAST() == null
                || su.getAST().getNodeMetaData(io.groovymcp.engine.cps.PipelineShell.class) == null) {
            return;
        }
        String text = ctx.st.text();
        String name = o.name;
        String member = null;
        int before = o.start;
        int dot = skipSpaces(text, before - 1);
        if (dot >= 0 && text.charAt(dot) == '.') {
            int end = skipSpaces(text, dot - 1) + 1;
            int start = end;
            while (start > 0 && Character.isJavaIdentifierPart(text.charAt(start - 1))) {
                start--;
            }
            if (start == end) {
                return;
            }
            member = o.name;
            name = text.substring(start, end);
            before = start;
        }
        int prev = skipSpaces(text, before - 1);
        if (prev >= 0 && text.charAt(prev) == '.') {
            return; // a.NAME.member: NAME is some object's property, not the global
        }
        for (String uri : ctx.ws.openUris()) {
            if (!io.groovymcp.engine.cps.VarsSteps.defines(uri, name)) {
                continue;
            }
            org.codehaus.groovy.control.SourceUnit vars = ctx.ws.compileFor(uri).unit(uri);
            org.codehaus.groovy.ast.ASTNode t = vars == null || vars.getAST() == null ? null
                    : io.groovymcp.engine.cps.VarsSteps.target(vars.getAST(), member);
            if (t == null) {
                continue;
            }
            io.groovymcp.engine.text.SourceText vt = ctx.ws.text(uri);
            int s = t.getLineNumber() > 0 ? vt.compilerOffset(t.getLineNumber(), t.getColumnNumber()) : 0;
            int e = t.getLastLineNumber() > 0 ? vt.compilerOffset(t.getLastLineNumber(), t.getLastColumnNumber()) : s;
            int[] sp = vt.position(s);
            int[] ep = vt.position(Math.max(s, e));
            locations.add(Json.obj("uri", uri, "range", io.groovymcp.engine.text.SourceText.range(sp, ep),
                    "snippet", Ctx.snippet(vt, sp[0], sp[0])));
            return;
        }
        String global = name;
        if (ctx.compilation.project().hasFile(u -> io.groovymcp.engine.cps.VarsSteps.defines(u, global))) {
            external.add(Json.obj("fqn", name, "signature", member == null ? "call" : member));
        }
    }

    private static int skipSpaces(String text, int i) {
        while (i >= 0 && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
            i--;
        }
        return i;
    }
}
