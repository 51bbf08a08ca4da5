package io.groovymcp.engine.lint;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.ImportNode;
import org.codehaus.groovy.ast.ModuleNode;
import org.codehaus.groovy.control.SourceUnit;

import io.groovymcp.engine.compile.Compilation;
import io.groovymcp.engine.compile.MessageCategory;
import io.groovymcp.engine.json.Json;
import io.groovymcp.engine.op.EngineException;
import io.groovymcp.engine.op.OpTable;
import io.groovymcp.engine.op.Request;
import io.groovymcp.engine.query.Diagnostics;
import io.groovymcp.engine.query.Queries;
import io.groovymcp.engine.query.Workspace;
import io.groovymcp.engine.text.SourceText;

/**
 * The {@code lint} op (contract: docs/engine-contract.md, "lint"): one compile of the open buffers,
 * then per file its compiler diagnostics with a category, its unused imports, its package and kind, and the AST
 * rules' findings. The host groups files into compiles (open, lint, close) and decides what a category means for
 * the user (for example missing dependency versus unresolved); the engine only reports what the compiler saw.
 */
public final class Lint {
    /** What the library (class model plus classpath jars) declares. */
    public interface Library {
        boolean hasPackage(String packageName);
    }

    /**
     * The AST rules (module engine-wasm/lint-rules), behind one call so this op does not depend on their shape.
     * {@code jenkinsCatalog} is a controller's export (kind to names: steps, options, triggers, ...), or empty.
     */
    public interface Rules {
        void check(SourceUnit unit, String kind, Map<String, List<String>> jenkinsCatalog, Sink sink);
    }

    /** One finding, in the compiler's 1-based positions (last column exclusive, as ASTNode has them). */
    public interface Sink {
        void finding(String ruleId, String message, int line, int column, int lastLine, int lastColumn);
    }

    static final String CLASS = "class";
    static final String SCRIPT = "script";
    private static final Set<String> KINDS = new LinkedHashSet<>(java.util.Arrays.asList(
            CLASS, SCRIPT, "jenkins", "gradle"));

    private Lint() {
    }

    public static void register(OpTable ops, Workspace ws, Library library, Rules rules) {
        ops.add("lint", r -> run(ws, library, rules, r));
    }

    static Map<String, Object> run(Workspace ws, Library library, Rules rules, Request r) {
        List<String> uris = r.optStrings("uris");
        if (uris == null) {
            uris = ws.openUris();
        }
        Map<String, String> kinds = r.optStringMap("kinds");
        if (kinds != null) {
            for (Map.Entry<String, String> e : kinds.entrySet()) {
                if (!KINDS.contains(e.getValue())) {
                    throw new EngineException(EngineException.Kind.ARGUMENT, "kinds." + e.getKey()
                            + " must be one of " + KINDS + ", got " + e.getValue());
                }
            }
        }
        for (String u : uris) {
            ws.text(u); // every named buffer must be open: the same state error as every other op
            if (kinds != null) {
                ws.markPipeline(u, "jenkins".equals(kinds.get(u)));
            }
        }
        Map<String, List<String>> catalog = catalog(r);
        Compilation c = ws.current();
        Set<String> bufferPackages = new LinkedHashSet<>();
        for (SourceUnit su : c.units().values()) {
            if (su.getAST() != null) {
                bufferPackages.add(packageOf(su.getAST()));
            }
        }
        List<Object> files = new ArrayList<>();
        for (String uri : new LinkedHashSet<>(uris)) {
            files.add(file(ws, library, rules, catalog, c, bufferPackages, uri,
                    kinds == null ? null : kinds.get(uri)));
        }
        return Json.obj("files", files);
    }

    /** The optional {@code jenkinsCatalog} field: an object whose values are arrays of names. */
    private static Map<String, List<String>> catalog(Request r) {
        Map<String, List<String>> given = r.optStringLists("jenkinsCatalog");
        return given == null ? java.util.Collections.<String, List<String>>emptyMap() : given;
    }

    private static Map<String, Object> file(Workspace ws, Library library, Rules rules,
                                            Map<String, List<String>> catalog, Compilation c,
                                            Set<String> bufferPackages, String uri, String kindOverride) {
        SourceText st = ws.text(uri);
        SourceUnit su = c.unit(uri);
        ModuleNode module = su == null ? null : su.getAST();
        String kind = module == null ? null : isScript(module) ? SCRIPT : CLASS;
        boolean parseFailed = c.parseFailed(uri);
        List<Object> diagnostics = new ArrayList<>();
        for (Diagnostics.Shown d : Diagnostics.of(uri, st, c)) {
            Map<String, Object> out = new LinkedHashMap<>(d.json);
            String text = String.valueOf(d.json.get("message"));
            String category = MessageCategory.of(d.message, text, parseFailed);
            out.put("category", category);
            if (MessageCategory.UNRESOLVED.equals(category)) {
                try {
                    Map<String, Object> u = unresolved(module, MessageCategory.unresolvedName(text), library,
                            bufferPackages);
                    if (u != null) {
                        out.put("unresolved", u);
                    }
                } catch (RuntimeException ex) {
                    note(uri, "the facts of an unresolved class", ex); // the diagnostic itself still goes out
                }
            }
            diagnostics.add(out);
        }
        List<Object> findings = new ArrayList<>();
        if (module != null) {
            String ruleKind = kindOverride != null ? kindOverride : kind;
            try {
                rules.check(su, ruleKind, catalog, (id, message, line, column, lastLine, lastColumn) -> {
                    int s = st.compilerOffset(line, column);
                    int e = lastLine > 0 ? st.compilerOffset(lastLine, lastColumn) : s;
                    findings.add(Json.obj("rule", id, "range",
                            SourceText.range(st.position(s), st.position(Math.max(s, e))), "message", message));
                });
            } catch (RuntimeException ex) {
                findings.clear();
                note(uri, "the AST rules", ex);
            }
        }
        List<Object> unusedImports = new ArrayList<>();
        try {
            for (Map<String, Object> h : Queries.unusedImports(ws, uri)) {
                unusedImports.add(Json.obj("range", h.get("range"), "message", h.get("message")));
            }
        } catch (RuntimeException ex) {
            unusedImports.clear();
            note(uri, "the unused-import check", ex);
        }
        return Json.obj("uri", uri, "package", module == null ? null : emptyToNull(packageOf(module)), "kind", kind,
                "diagnostics", diagnostics, "findings", findings, "unusedImports", unusedImports);
    }

    /** The explicit import that names the class, and whether its package exists anywhere the compile could see. */
    private static Map<String, Object> unresolved(ModuleNode module, String name, Library library,
                                                  Set<String> bufferPackages) {
        if (name == null) {
            return null;
        }
        String imported = null;
        if (module != null) {
            for (ImportNode i : module.getImports()) {
                String cn = i.getClassName();
                if (name.equals(i.getAlias()) || name.equals(cn) || cn.endsWith("." + name)) {
                    imported = cn;
                    break;
                }
            }
        }
        String qualified = imported != null ? imported : name.indexOf('.') > 0 ? name : null;
        boolean known = false;
        if (qualified != null) {
            // An import may name a class of the default package ("import y"): its package is the empty one.
            int dot = qualified.lastIndexOf('.');
            String pkg = dot < 0 ? "" : qualified.substring(0, dot);
            known = library.hasPackage(pkg) || bufferPackages.contains(pkg);
        }
        return Json.obj("name", name, "import", imported, "packageKnown", known);
    }

    /**
     * One part of one file's answer failed on an input it did not expect: that part is left out of this file's
     * answer, the rest of the file and every other file of the compile still go out, and one line says so on stderr
     * (the host forwards the engine's stderr as log lines).
     */
    static void note(String uri, String part, RuntimeException ex) {
        System.err.println("lint: " + part + " failed on " + uri + " and reported nothing for it: "
                + ex.getClass().getName() + ": " + ex.getMessage());
    }

    private static boolean isScript(ModuleNode module) {
        for (ClassNode cn : module.getClasses()) {
            if (cn.isScript()) {
                return true;
            }
        }
        return false;
    }

    private static String packageOf(ModuleNode module) {
        String p = module.getPackageName();
        if (p == null) {
            return "";
        }
        return p.endsWith(".") ? p.substring(0, p.length() - 1) : p;
    }

    private static String emptyToNull(String s) {
        return s.isEmpty() ? null : s;
    }
}
