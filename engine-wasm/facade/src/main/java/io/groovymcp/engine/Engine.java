package io.groovymcp.engine;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.codehaus.groovy.control.CompilationUnit;
import org.codehaus.groovy.control.CompilerConfiguration;
import org.codehaus.groovy.control.ResolveVisitor;

import io.groovymcp.engine.classmodel.ClassModel;
import io.groovymcp.engine.classmodel.LibraryHooks;
import io.groovymcp.engine.classmodel.ModelBytes;
import io.groovymcp.engine.classmodel.ModelClassLoader;
import io.groovymcp.engine.classmodel.ModelClassNodeResolver;
import io.groovymcp.engine.compile.Compilation;
import io.groovymcp.engine.json.Json;
import io.groovymcp.engine.lint.Lint;
import io.groovymcp.engine.op.EngineException;
import io.groovymcp.engine.op.OpTable;
import io.groovymcp.engine.op.Request;
import io.groovymcp.engine.project.DeclarationReader;
import io.groovymcp.engine.project.FileDeclarations;
import io.groovymcp.engine.project.ProjectDeclarations;
import io.groovymcp.engine.project.UnresolvedCandidates;
import io.groovymcp.engine.query.Lexing;
import io.groovymcp.engine.query.Queries;
import io.groovymcp.engine.query.QueryCache;
import io.groovymcp.engine.query.Workspace;
import io.groovymcp.engine.text.SourceText;

/**
 * The engine facade: JSON in, JSON out, the same code on the JVM (the oracle) and in WebAssembly. One instance is
 * the whole engine state: the class model, the open buffers, the latest compile of all of them (every query first
 * makes it current), the queries' caches and the settings the host configured. There is no other mutable state.
 */
public final class Engine implements Workspace {
    private final ClassModel model = new ClassModel();
    private final Buffers buffers = new Buffers();
    private final QueryCache cache = new QueryCache();
    private final OpTable ops = new OpTable();
    private ModelClassLoader loader;
    private ModelClassNodeResolver resolver;
    /** The tree's declarations the host gave ({@code projectDeclarations}): classes of files not open. */
    private ProjectDeclarations project = ProjectDeclarations.EMPTY;
    /** Open buffers the host marked as pipelines ({@link #markPipeline}); a closed buffer loses its mark. */
    private final java.util.Set<String> pipelines = new java.util.HashSet<>();
    /** The compile of every open buffer (workspace-wide ops), valid while the buffers' stamp is unchanged. */
    private Compilation snapshot;
    private long snapshotStamp = -1;
    /**
     * Compiles of one buffer's dependency closure (per-buffer ops), most recently used first, each with the exact
     * Buffer objects it compiled. At most {@link #MAX_CLOSURES} stay alive, so memory stays at a full compile plus
     * two small ones however many buffers are queried.
     */
    private final List<ClosureCompile> closures = new ArrayList<>();
    private static final int MAX_CLOSURES = 2;
    /** Off only in the differential test, which compares closure answers with full-compile answers. */
    private boolean closureCompiles = true;
    /** Stack traces of internal failures to stderr; off by default because the host logs one line per failure. */
    private boolean verbose;

    public Engine() {
        ops.add("open", r -> {
            long before = buffers.stamp();
            Buffers.Buffer b = buffers.open(r.string("uri"), r.string("text"));
            if (buffers.stamp() != before) {
                dropCompilesOf(b.uri);
            }
            return Json.obj("uri", b.uri, "version", b.version);
        }).add("close", r -> {
            boolean closed = buffers.close(r.string("uri"));
            if (closed) {
                pipelines.remove(r.string("uri"));
                // nothing of a closed buffer may stay reachable: its AST lives in the compiles and the caches
                dropCompilesOf(r.string("uri"));
                cache.forgetTexts();
            }
            return Json.obj("closed", closed);
        }).add("configure", this::configure)
                .add("declarations", this::declarations)
                .add("projectDeclarations", this::projectDeclarations)
                .add("unresolvedCandidates", r -> UnresolvedCandidates.run(this, project, r))
                .add("keywords", r -> Json.obj("keywords", Lexing.keywords()))
                .add("defaultImports", r -> defaultImports())
                .add("verbose", r -> {
                    verbose = Boolean.TRUE.equals(r.optBoolean("on"));
                    return Json.obj("verbose", verbose);
                })
                .add("info", r -> Json.obj("groovyVersion", EngineVersion.GROOVY, "openBuffers", buffers.size(),
                        "classModelClasses", model.modelClasses(), "classpathClasses", model.classpathClasses()));
        Queries.register(ops, this, LintRulesBridge::declarative);
        Lint.register(ops, this, this::libraryHasPackage, LintRulesBridge::check);
    }

    public int loadClassModel(byte[] zip) throws IOException {
        int n = model.loadModel(zip);
        invalidate();
        return n;
    }

    /** The class model from a file the host keeps (wasm: only what requests touch is copied into the engine). */
    public int loadClassModel(ModelBytes file) throws IOException {
        int n = model.loadModel(file);
        invalidate();
        return n;
    }

    /** An entry of the loaded class model (not of a classpath jar), or null: build-time data the runtime reads. */
    public byte[] modelResource(String path) {
        return model.origin(path) == 0 ? model.resource(path) : null;
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
        closures.clear();
        cache.clear();
    }

    private static final class ClosureCompile {
        final List<Buffers.Buffer> members;
        final Compilation compilation;

        ClosureCompile(List<Buffers.Buffer> members, Compilation compilation) {
            this.members = members;
            this.compilation = compilation;
        }

        boolean sameMembers(List<Buffers.Buffer> other) {
            if (other.size() != members.size()) {
                return false;
            }
            for (int i = 0; i < other.size(); i++) {
                if (other.get(i) != members.get(i)) {
                    return false;
                }
            }
            return true;
        }

        boolean has(String uri) {
            for (Buffers.Buffer b : members) {
                if (b.uri.equals(uri)) {
                    return true;
                }
            }
            return false;
        }
    }

    /**
     * A buffer opened, changed or closed: the full compile and every closure compile that has it as a member are
     * stale, and are let go now rather than at the next query so their ASTs do not outlive their use.
     */
    private void dropCompilesOf(String uri) {
        if (snapshot != null) {
            cache.forget(snapshot);
            snapshot = null;
            snapshotStamp = -1;
        }
        for (int i = closures.size() - 1; i >= 0; i--) {
            if (closures.get(i).has(uri)) {
                cache.forget(closures.remove(i).compilation);
            }
        }
    }

    @Override
    public void markPipeline(String uri, boolean pipeline) {
        if (pipeline ? pipelines.add(uri) : pipelines.remove(uri)) {
            dropCompilesOf(uri);
        }
    }

    private java.util.Set<String> marks() {
        return pipelines.isEmpty() ? java.util.Collections.<String>emptySet()
                : java.util.Collections.unmodifiableSet(new java.util.HashSet<>(pipelines));
    }

    /** For the differential test: false makes every per-buffer op answer from the full compile. */
    public void closureCompiles(boolean on) {
        closureCompiles = on;
    }

    /** Whether the library or the tree declares the package: an unresolved class there is the tree's own error. */
    private boolean libraryHasPackage(String name) {
        return model.hasPackage(name) || project.hasPackage(name);
    }

    private Object declarations(Request r) {
        String language = r.string("language");
        if (!"groovy".equals(language) && !"java".equals(language)) {
            throw new EngineException(EngineException.Kind.ARGUMENT, "language must be groovy or java");
        }
        ensureLoader();
        return DeclarationReader.read(r.optString("uri"), language, r.string("text"), loader,
                loader.configuration()).toJson();
    }

    /**
     * Replaces (or, with {@code mode: "add"}, extends) the tree's declarations. Every compile is stale after it, as
     * after a buffer change; the library's caches are not, since no library lookup depends on the tree.
     */
    private Object projectDeclarations(Request r) {
        String mode = r.optString("mode");
        if (mode != null && !"replace".equals(mode) && !"add".equals(mode)) {
            throw new EngineException(EngineException.Kind.ARGUMENT, "mode must be replace or add");
        }
        Object files = r.raw("files");
        if (!(files instanceof List)) {
            throw new EngineException(EngineException.Kind.ARGUMENT, "files must be an array");
        }
        List<FileDeclarations> read = new ArrayList<>();
        int i = 0;
        for (Object f : (List<?>) files) {
            read.add(FileDeclarations.fromJson(f, "files[" + (i++) + "]"));
        }
        project = "add".equals(mode) ? project.plus(read) : ProjectDeclarations.of(read);
        snapshot = null;
        snapshotStamp = -1;
        closures.clear();
        cache.clear();
        return Json.obj("files", project.fileCount(), "types", project.typeCount(),
                "packages", project.packageCount());
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

    /** Settings the host owns; each field is optional and keeps its value when absent. */
    private Object configure(Request r) {
        Integer max = r.optPositive("maxOpenBuffers");
        if (max != null) {
            buffers.setMaxOpen(max);
        }
        return Json.obj("maxOpenBuffers", buffers.maxOpen());
    }

    @Override
    public Compilation current() {
        ensureLoader();
        if (snapshot == null || snapshotStamp != buffers.stamp()) {
            if (snapshot != null) {
                cache.forget(snapshot); // let the old compile go before the new one is built
                snapshot = null;
            }
            snapshot = Compilation.run(buffers.texts(), loader, resolver, project, marks(), verbose);
            snapshotStamp = buffers.stamp();
        }
        return snapshot;
    }

    /**
     * The compile a per-buffer op answers from: the buffer's dependency closure (every buffer whose classes it can
     * name, transitively), or the full compile when the closure is every buffer. The answer depends only on the
     * closure's texts, never on which compiles happen to be cached.
     */
    @Override
    public Compilation compileFor(String uri) {
        if (!closureCompiles || buffers.get(uri) == null || buffers.size() == 1) {
            return current(); // a lone buffer is its own closure: no scan needed
        }
        ensureLoader();
        List<Buffers.Buffer> members = buffers.closure(uri);
        if (members.size() == buffers.size()) {
            return current();
        }
        for (int i = 0; i < closures.size(); i++) {
            ClosureCompile cc = closures.get(i);
            if (cc.sameMembers(members)) {
                closures.add(0, closures.remove(i));
                return cc.compilation;
            }
        }
        while (closures.size() >= MAX_CLOSURES) {
            cache.forget(closures.remove(closures.size() - 1).compilation);
        }
        Map<String, String> texts = new java.util.LinkedHashMap<>();
        for (Buffers.Buffer b : members) {
            texts.put(b.uri, b.text.text());
        }
        Compilation c = Compilation.run(texts, loader, resolver, project, marks(), verbose).partial(true);
        closures.add(0, new ClosureCompile(members, c));
        return c;
    }

    @Override
    public Map<String, String> closureTexts(String uri, String text) {
        if (!closureCompiles) {
            Map<String, String> all = buffers.texts();
            all.put(uri, text);
            return all;
        }
        return buffers.closureTexts(uri, text);
    }

    public String handle(String requestJson) {
        try {
            Object parsed = Json.parse(requestJson);
            if (!(parsed instanceof Map)) {
                throw new EngineException(EngineException.Kind.ARGUMENT, "request must be a JSON object");
            }
            @SuppressWarnings("unchecked")
            Request r = new Request((Map<String, Object>) parsed);
            Object result = ops.run(r.string("op"), r);
            return Json.write(Json.obj("result", result));
        } catch (EngineException e) {
            return error(e.kind() == EngineException.Kind.ARGUMENT ? "argument" : "state", e.getMessage());
        } catch (Json.JsonException e) {
            return error("argument", "bad request JSON: " + e.getMessage());
        } catch (RuntimeException | StackOverflowError | LinkageError | AssertionError e) {
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

    @Override
    public SourceText text(String uri) {
        Buffers.Buffer b = buffers.get(uri);
        if (b == null) {
            throw new EngineException(EngineException.Kind.STATE, "not open: " + uri);
        }
        return b.text;
    }

    @Override
    public SourceText textOrNull(String uri) {
        Buffers.Buffer b = buffers.get(uri);
        return b == null ? null : b.text;
    }

    @Override
    public List<String> openUris() {
        List<String> uris = new ArrayList<>();
        for (Buffers.Buffer b : buffers.all()) {
            uris.add(b.uri);
        }
        return uris;
    }

    @Override
    public Compilation compileDetached(Map<String, String> texts) {
        ensureLoader();
        return Compilation.run(texts, loader, resolver, project, marks(), verbose);
    }

    @Override
    public QueryCache cache() {
        return cache;
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
