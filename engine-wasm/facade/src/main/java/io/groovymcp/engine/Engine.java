package io.groovymcp.engine;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import org.apache.groovy.parser.antlr4.GroovyLexer;
import org.codehaus.groovy.control.CompilationUnit;
import org.codehaus.groovy.control.CompilerConfiguration;
import org.codehaus.groovy.control.ResolveVisitor;

import io.groovymcp.engine.classmodel.ClassModel;
import io.groovymcp.engine.classmodel.LibraryHooks;
import io.groovymcp.engine.classmodel.ModelClassLoader;
import io.groovymcp.engine.classmodel.ModelClassNodeResolver;
import io.groovymcp.engine.compile.Compilation;
import io.groovymcp.engine.json.Json;
import io.groovymcp.engine.query.Diagnostics;
import io.groovymcp.engine.query.Queries;

/**
 * The engine facade: JSON in, JSON out, the same code on the JVM (the oracle) and in WebAssembly. It holds the open
 * buffers and the latest compile of all of them; every query first makes that compile current.
 */
public final class Engine {
    private static Engine instance;
    /** Stack traces of internal failures to stderr; off by default because the host logs one line per failure. */
    private static boolean verbose;

    private final ClassModel model = new ClassModel();
    private final Buffers buffers = new Buffers();
    private ModelClassLoader loader;
    private ModelClassNodeResolver resolver;
    private Compilation snapshot;
    private long snapshotStamp = -1;

    /** The process-wide engine used by the wasm exports. */
    public static synchronized Engine shared() {
        if (instance == null) {
            instance = new Engine();
        }
        return instance;
    }

    public int loadClassModel(byte[] zip) throws IOException {
        int n = model.loadModel(zip);
        invalidate();
        return n;
    }

    public int addClasspathJar(byte[] jar) throws IOException {
        int n = model.addJar(jar);
        invalidate();
        return n;
    }

    private void invalidate() {
        loader = null;
        resolver = null;
        snapshot = null;
        snapshotStamp = -1;
    }

    private void ensureLoader() {
        if (loader != null) {
            return;
        }
        CompilerConfiguration cfg = Compilation.configuration();
        loader = new ModelClassLoader(Engine.class.getClassLoader(), cfg, model);
        resolver = new ModelClassNodeResolver(model);
        CompilationUnit library = new CompilationUnit(cfg, null, loader, loader);
        library.setClassNodeResolver(resolver);
        resolver.setLibraryUnit(library);
        LibraryHooks.install(model, resolver);
    }

    /** Recompiles when any buffer changed since the last compile. */
    public Compilation current() {
        ensureLoader();
        if (snapshot == null || snapshotStamp != buffers.stamp()) {
            snapshot = Compilation.run(buffers.texts(), loader, resolver);
            snapshotStamp = buffers.stamp();
        }
        return snapshot;
    }

    public String handle(String requestJson) {
        try {
            Object parsed = Json.parse(requestJson);
            if (!(parsed instanceof Map)) {
                throw new EngineException(EngineException.Kind.ARGUMENT, "request must be a JSON object");
            }
            @SuppressWarnings("unchecked")
            Request r = new Request((Map<String, Object>) parsed);
            Object result = dispatch(r);
            return Json.write(Json.obj("result", result));
        } catch (EngineException e) {
            return error(e.kind() == EngineException.Kind.ARGUMENT ? "argument" : "state", e.getMessage());
        } catch (Json.JsonException e) {
            return error("argument", "bad request JSON: " + e.getMessage());
        } catch (RuntimeException | IOException | StackOverflowError | LinkageError | AssertionError e) {
            if (verbose) {
                e.printStackTrace();
            }
            String msg = e.getMessage();
            return error("internal", e.getClass().getName() + (msg == null ? "" : ": " + firstLine(msg)));
        }
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        String l = nl < 0 ? s : s.substring(0, nl);
        return l.length() > 200 ? l.substring(0, 200) : l;
    }

    private static String error(String kind, String message) {
        return Json.write(Json.obj("error", Json.obj("kind", kind, "message", message)));
    }

    private Object dispatch(Request r) throws IOException {
        String op = r.string("op");
        switch (op) {
            case "open": {
                Buffers.Buffer b = buffers.open(r.string("uri"), r.string("text"));
                return Json.obj("uri", b.uri, "version", b.version);
            }
            case "close":
                return Json.obj("closed", buffers.close(r.string("uri")));
            case "diagnostics": {
                String uri = r.string("uri");
                Buffers.Buffer b = buffers.get(uri);
                if (b == null) {
                    return Json.obj("uri", uri, "diagnostics", new ArrayList<>(), "errorCount", 0,
                            "warningCount", 0);
                }
                Compilation c = current();
                return Diagnostics.of(uri, b.text, c, Queries.unusedImportHints(c, uri, b.text));
            }
            case "keywords":
                return Json.obj("keywords", keywords());
            case "defaultImports":
                return defaultImports();
            case "verbose":
                verbose = Boolean.TRUE.equals(r.optBoolean("on"));
                Compilation.setVerbose(verbose);
                return Json.obj("verbose", verbose);
            case "info":
                return Json.obj("groovyVersion", EngineVersion.GROOVY, "openBuffers", buffers.size(),
                        "classModelClasses", model.modelClasses(), "classpathClasses", model.classpathClasses());
            default:
                return Queries.dispatch(this, op, r);
        }
    }

    Buffers.Buffer requireBuffer(String uri) {
        Buffers.Buffer b = buffers.get(uri);
        if (b == null) {
            throw new EngineException(EngineException.Kind.STATE, "not open: " + uri);
        }
        return b;
    }

    Iterable<Buffers.Buffer> openBuffers() {
        return buffers.all();
    }

    /** The open buffer's text; an unknown or closed URI is a state error. */
    public io.groovymcp.engine.text.SourceText text(String uri) {
        return requireBuffer(uri).text;
    }

    /** The open buffer's text, or null. */
    public io.groovymcp.engine.text.SourceText textOrNull(String uri) {
        Buffers.Buffer b = buffers.get(uri);
        return b == null ? null : b.text;
    }

    /** Open buffer URIs in opening order. */
    public List<String> openUris() {
        List<String> uris = new ArrayList<>();
        for (Buffers.Buffer b : buffers.all()) {
            uris.add(b.uri);
        }
        return uris;
    }

    /** Compiler configuration and class loader of the live compiles, for private recompiles (completion). */
    public Compilation compileDetached(Map<String, String> texts) {
        ensureLoader();
        return Compilation.run(texts, loader, resolver);
    }

    ClassModel model() {
        return model;
    }

    public static List<String> keywords() {
        TreeSet<String> words = new TreeSet<>();
        for (int t = 0; t <= GroovyLexer.VOCABULARY.getMaxTokenType(); t++) {
            String lit = GroovyLexer.VOCABULARY.getLiteralName(t);
            if (lit != null && lit.length() > 2 && lit.startsWith("'") && lit.endsWith("'")) {
                String w = lit.substring(1, lit.length() - 1);
                if (Character.isJavaIdentifierStart(w.charAt(0))) {
                    words.add(w);
                }
            }
        }
        return new ArrayList<>(words);
    }

    static Map<String, Object> defaultImports() {
        List<String> packages = new ArrayList<>();
        for (String p : ResolveVisitor.DEFAULT_IMPORTS) {
            packages.add(p.endsWith(".") ? p.substring(0, p.length() - 1) : p);
        }
        List<String> classes = new ArrayList<>();
        classes.add("java.math.BigDecimal");
        classes.add("java.math.BigInteger");
        return Json.obj("packages", packages, "classes", classes);
    }
}
