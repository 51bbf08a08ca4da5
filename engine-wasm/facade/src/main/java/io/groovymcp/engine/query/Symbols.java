package io.groovymcp.engine.query;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.codehaus.groovy.ast.ASTNode;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.ConstructorNode;
import org.codehaus.groovy.ast.FieldNode;
import org.codehaus.groovy.ast.MethodNode;
import org.codehaus.groovy.ast.PropertyNode;

import io.groovymcp.engine.op.EngineException;
import io.groovymcp.engine.op.Request;
import io.groovymcp.engine.json.Json;
import io.groovymcp.engine.text.SourceText;

/**
 * Document symbols (one buffer's tree) or workspace symbols (a name query over every open buffer). Both read the
 * current compile, which is rebuilt whenever any buffer changed, so results are never stale.
 */
final class Symbols {
    private Symbols() {
    }

    static Map<String, Object> run(Workspace ws, Request r) {
        String uri = r.optString("uri");
        String query = r.optString("query");
        int max = Ctx.maxResults(r, 200);
        if (uri == null && query == null) {
            throw new EngineException(EngineException.Kind.ARGUMENT, "symbols needs a uri or a query");
        }
        if (uri != null && query == null) {
            SourceText st = ws.text(uri);
            // a buffer with a syntax error still lists what is declared above the error
            Index ix = Ctx.whole(ws, r).index;
            List<Object> out = new ArrayList<>();
            List<Occ> occs = ix.occurrences(uri);
            for (Occ o : occs) {
                if (o.decl && o.target instanceof ClassNode && ((ClassNode) o.target).getOuterClass() == null) {
                    out.add(tree(ix, st, occs, (ClassNode) o.target));
                }
            }
            // script-level methods sit on the script class, which has no declaration of its own
            for (Occ o : occs) {
                if (o.decl && o.target instanceof MethodNode && ((MethodNode) o.target).getDeclaringClass().isScript()) {
                    out.add(symbol(st, o, null));
                }
            }
            org.codehaus.groovy.control.SourceUnit su = ix.compilation.unit(uri);
            if (su != null && su.getAST() != null) {
                Pipeline.outline(st, su.getAST().getStatementBlock(), out);
            }
            return Json.obj("symbols", cap(out, max));
        }
        if (uri != null) {
            ws.text(uri);
        }
        Index ix = Ctx.index(ws);
        List<Object> out = new ArrayList<>();
        for (String u : ix.byUri.keySet()) {
            if (uri != null && !uri.equals(u)) {
                continue;
            }
            SourceText st = ws.textOrNull(u);
            for (Occ o : ix.occurrences(u)) {
                if (!o.decl || kind(o.target) == null || !matches(query, o.name)) {
                    continue;
                }
                if (out.size() >= max) {
                    return Json.obj("symbols", out);
                }
                Map<String, Object> s = symbol(st, o, container(o.target));
                s.put("uri", u);
                out.add(s);
            }
        }
        return Json.obj("symbols", out);
    }

    private static List<Object> cap(List<Object> l, int max) {
        return l.size() > max ? new ArrayList<>(l.subList(0, max)) : l;
    }

    private static Map<String, Object> tree(Index ix, SourceText st, List<Occ> occs, ClassNode cls) {
        Occ self = null;
        List<Object> children = new ArrayList<>();
        List<Occ> fields = new ArrayList<>();
        List<Occ> methods = new ArrayList<>();
        List<Occ> ctors = new ArrayList<>();
        for (Occ o : occs) {
            if (!o.decl) {
                continue;
            }
            if (o.target == cls) {
                self = o;
            } else if ((o.target instanceof FieldNode && ((FieldNode) o.target).getDeclaringClass() == cls)
                    || (o.target instanceof PropertyNode && ((PropertyNode) o.target).getDeclaringClass() == cls)) {
                fields.add(o);
            } else if (o.target instanceof ConstructorNode && ((ConstructorNode) o.target).getDeclaringClass() == cls) {
                ctors.add(o);
            } else if (o.target instanceof MethodNode && ((MethodNode) o.target).getDeclaringClass() == cls) {
                methods.add(o);
            } else if (o.target instanceof ClassNode && ((ClassNode) o.target).getOuterClass() == cls) {
                children.add(tree(ix, st, occs, (ClassNode) o.target));
            }
        }
        List<Object> kids = new ArrayList<>();
        for (Occ o : fields) {
            kids.add(symbol(st, o, null));
        }
        for (Occ o : methods) {
            kids.add(symbol(st, o, null));
        }
        for (Occ o : ctors) {
            kids.add(symbol(st, o, null));
        }
        kids.addAll(children);
        Map<String, Object> s = self == null ? Json.obj("name", cls.getNameWithoutPackage(), "kind", kind(cls))
                : symbol(st, self, null);
        s.put("children", kids);
        return s;
    }

    static Map<String, Object> symbol(SourceText st, Occ o, String container) {
        ASTNode n = o.node instanceof ASTNode ? (ASTNode) o.node : null;
        Map<String, Object> sel = Ctx.range(st, o.start, o.end);
        Map<String, Object> range = sel;
        if (n != null && n.getLineNumber() > 0 && n.getLastLineNumber() > 0) {
            int so = Math.min(st.compilerOffset(n.getLineNumber(), n.getColumnNumber()), o.start);
            int eo = Math.max(st.compilerOffset(n.getLastLineNumber(), n.getLastColumnNumber()), o.end);
            range = Ctx.range(st, so, eo);
        }
        String detail = detail(o.target);
        if (container != null) {
            detail = detail.isEmpty() ? container : detail + " — " + container;
        }
        Map<String, Object> m = Json.obj("name", o.name, "kind", kind(o.target), "range", range,
                "selectionRange", sel);
        if (!detail.isEmpty()) {
            m.put("detail", detail);
        }
        return m;
    }

    private static String detail(Object t) {
        if (t instanceof ClassNode) {
            return ((ClassNode) t).getName();
        }
        if (t instanceof MethodNode) {
            MethodNode m = (MethodNode) t;
            return Identity.params(m.getParameters())
                    + (t instanceof ConstructorNode || m.isDynamicReturnType() ? "" : " : " + Identity.simple(m.getReturnType()));
        }
        if (t instanceof PropertyNode) {
            PropertyNode p = (PropertyNode) t;
            return p.getField().isDynamicTyped() ? "def" : Identity.simple(p.getType());
        }
        if (t instanceof FieldNode) {
            FieldNode f = (FieldNode) t;
            return f.isDynamicTyped() ? "def" : Identity.simple(f.getType());
        }
        return "";
    }

    private static String container(Object t) {
        ClassNode c = null;
        if (t instanceof MethodNode) {
            c = ((MethodNode) t).getDeclaringClass();
        } else if (t instanceof FieldNode) {
            c = ((FieldNode) t).getDeclaringClass();
        } else if (t instanceof PropertyNode) {
            c = ((PropertyNode) t).getDeclaringClass();
        } else if (t instanceof ClassNode) {
            c = ((ClassNode) t).getOuterClass();
        }
        return c == null || c.isScript() ? null : c.getName();
    }

    static String kind(Object t) {
        if (t instanceof ClassNode) {
            ClassNode c = (ClassNode) t;
            return c.isInterface() ? "Interface" : c.isEnum() ? "Enum" : "Class";
        }
        if (t instanceof ConstructorNode) {
            return "Constructor";
        }
        if (t instanceof MethodNode) {
            return "Method";
        }
        if (t instanceof PropertyNode) {
            return "Property";
        }
        if (t instanceof FieldNode) {
            return ((FieldNode) t).isEnum() ? "EnumMember" : "Field";
        }
        return null;
    }

    /** Case-insensitive substring, or CamelHumps: each query hump starts a hump of the name, in order. */
    static boolean matches(String query, String name) {
        if (query == null || query.isEmpty()) {
            return true;
        }
        if (lower(name).contains(lower(query))) {
            return true;
        }
        List<String> humps = humps(query);
        List<String> parts = humps(name);
        int p = 0;
        for (String h : humps) {
            boolean found = false;
            while (p < parts.size()) {
                String part = parts.get(p++);
                if (humpMatches(lower(h), lower(part))) {
                    found = true;
                    break;
                }
            }
            if (!found) {
                return false;
            }
        }
        return !humps.isEmpty();
    }

    /** Per-character lower case: String.toLowerCase has locale and context rules that differ between runtimes. */
    static String lower(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            sb.append(Character.toLowerCase(s.charAt(i)));
        }
        return sb.toString();
    }

    /** The hump's first letter starts the name part, the rest follow in order (Mgr matches Manager). */
    private static boolean humpMatches(String h, String part) {
        if (part.isEmpty() || h.charAt(0) != part.charAt(0)) {
            return false;
        }
        int j = 1;
        for (int i = 1; i < h.length(); i++) {
            while (j < part.length() && part.charAt(j) != h.charAt(i)) {
                j++;
            }
            if (j >= part.length()) {
                return false;
            }
            j++;
        }
        return true;
    }

    /** "AbstractServerFactory" -> Abstract, Server, Factory; "ASF" -> A, S, F; "TaskMgr" -> Task, Mgr. */
    static List<String> humps(String s) {
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int i = 1; i <= s.length(); i++) {
            if (i == s.length() || Character.isUpperCase(s.charAt(i)) || s.charAt(i) == '_') {
                String h = s.substring(start, i);
                if (h.startsWith("_")) {
                    h = h.substring(1);
                }
                if (!h.isEmpty()) {
                    out.add(h);
                }
                start = i;
            }
        }
        return out;
    }
}
