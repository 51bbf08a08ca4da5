package io.groovymcp.engine.compile;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.codehaus.groovy.ast.AnnotationNode;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.MethodNode;
import org.codehaus.groovy.ast.ModuleNode;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.expr.PropertyExpression;
import org.codehaus.groovy.control.CompilationFailedException;
import org.codehaus.groovy.control.CompilationUnit;
import org.codehaus.groovy.control.CompilerConfiguration;
import org.codehaus.groovy.control.ErrorCollector;
import org.codehaus.groovy.control.Phases;
import org.codehaus.groovy.control.SourceUnit;
import org.codehaus.groovy.control.messages.Message;
import org.codehaus.groovy.transform.sc.StaticCompilationVisitor;
import org.codehaus.groovy.transform.stc.StaticTypeCheckingVisitor;

import io.groovymcp.engine.classmodel.ModelClassLoader;
import io.groovymcp.engine.cps.PipelineShell;
import io.groovymcp.engine.classmodel.ModelClassNodeResolver;
import io.groovymcp.engine.project.ProjectDeclarations;
import io.groovymcp.engine.project.ProjectResolver;

/**
 * One compile of all open buffers together. Buffers whose parse fails are reported and left out of a second round so
 * that the others still get semantic and type-checking diagnostics. The compile goes through CANONICALIZATION (so
 * built-in transforms such as {@code @TupleConstructor} have shaped the AST), then the static type checker runs on
 * every class or method annotated {@code @TypeChecked} or {@code @CompileStatic} that is not {@code SKIP}. No phase
 * that generates or runs bytecode is ever entered.
 */
public final class Compilation {
    private static final String TYPE_CHECKED = "groovy.transform.TypeChecked";
    private static final String COMPILE_STATIC = "groovy.transform.CompileStatic";

    /** Buffer URI to its source unit in the final round (absent when the buffer failed to parse). */
    private final Map<String, SourceUnit> units = new LinkedHashMap<>();
    /** Messages of every round, in order, with the round's unit names. */
    private final List<Message> errors = new ArrayList<>();
    private final List<Message> warnings = new ArrayList<>();
    private final Set<String> parseFailed = new LinkedHashSet<>();
    /** Buffers set aside after a later phase failed in them, with their (resolved) units from that round. */
    private final Map<String, SourceUnit> isolated = new LinkedHashMap<>();
    private CompilationUnit unit;
    /** Buffer URI to the compile phase its AST reached: the phase that stopped it, else the last one run. */
    private final Map<String, String> phases = new LinkedHashMap<>();
    /** Print the stack traces of the compiler's own exceptions to stderr (a debugging aid, off by default). */
    private final boolean verbose;
    private ProjectDeclarations project = ProjectDeclarations.EMPTY;
    /** Buffers the host marked as pipelines whatever their names: they get the CPS shell's view too. */
    private Set<String> pipelines = Collections.emptySet();

    private Compilation(boolean verbose) {
        this.verbose = verbose;
    }

    public static Compilation run(Map<String, String> buffers, ModelClassLoader loader,
                                  ModelClassNodeResolver resolver, boolean verbose) {
        return run(buffers, loader, resolver, ProjectDeclarations.EMPTY, verbose);
    }

    /** A compile that also resolves classes from the tree's declarations ({@link ProjectResolver}). */
    public static Compilation run(Map<String, String> buffers, ModelClassLoader loader,
                                  ModelClassNodeResolver resolver, ProjectDeclarations project, boolean verbose) {
        return run(buffers, loader, resolver, project, Collections.<String>emptySet(), verbose);
    }

    /** A compile that also treats the buffers in {@code pipelines} as pipeline scripts ({@link PipelineShell}). */
    public static Compilation run(Map<String, String> buffers, ModelClassLoader loader,
                                  ModelClassNodeResolver resolver, ProjectDeclarations project,
                                  Set<String> pipelines, boolean verbose) {
        Compilation c = new Compilation(verbose);
        c.project = project;
        c.pipelines = pipelines;
        c.compile(buffers, loader, resolver);
        return c;
    }

    /** The tree's declarations this compile resolved from. */
    public ProjectDeclarations project() {
        return project;
    }

    public static CompilerConfiguration configuration() {
        CompilerConfiguration cfg = new CompilerConfiguration();
        cfg.setTolerance(1000);
        cfg.setWarningLevel(1);
        cfg.getOptimizationOptions().put("classLoaderResolving", Boolean.FALSE);
        // Groovy parses the sources of a unit on parallel threads by default (on the JVM; wasm has one thread), and
        // every SourceUnit here shares the unit's ErrorCollector, whose lists are not thread-safe: two buffers
        // failing to parse at once can lose a syntax error or throw ConcurrentModificationException (seen in the
        // oracle's CorpusSweepTest). Parsing one source after another makes the JVM answer as the wasm engine does.
        cfg.getOptimizationOptions().put(CompilerConfiguration.PARALLEL_PARSE, Boolean.FALSE);
        cfg.addCompilationCustomizers(new GrabValidation(), new SafetyCustomizer(), new PipelineShell());
        return cfg;
    }

    private void compile(Map<String, String> buffers, ModelClassLoader loader, ModelClassNodeResolver resolver) {
        Map<String, String> round = new LinkedHashMap<>(buffers);
        while (true) {
            CompilationUnit cu = newUnit(loader, resolver);
            if (!pipelines.isEmpty()) {
                // the configuration's shell knows pipelines by name only; this one also knows the marked buffers
                cu.addPhaseOperation(new PipelineShell(pipelines), Phases.CONVERSION);
            }
            boolean pipeline = false;
            for (String uri : round.keySet()) {
                pipeline |= PipelineShell.isPipeline(uri, pipelines);
            }
            if (!project.isEmpty() || pipeline) {
                // a round without some buffers resolves their classes from their declarations, if the host gave them;
                // a pipeline script also sees the CPS shell's annotations, declared here since no Jenkins jar is
                cu.setClassNodeResolver(new ProjectResolver(resolver, project, new HashSet<>(round.keySet()),
                        pipeline ? PipelineShell.stubs() : Collections.<String, String>emptyMap()));
            }
            Map<String, SourceUnit> roundUnits = new LinkedHashMap<>();
            for (Map.Entry<String, String> e : round.entrySet()) {
                SourceUnit su = new SourceUnit(e.getKey(), new BufferSource(e.getValue(), cu.getConfiguration()),
                        cu.getConfiguration(), loader,
                        cu.getErrorCollector());
                cu.addSource(su);
                roundUnits.put(e.getKey(), su);
            }
            boolean failed = false;
            try {
                cu.compile(Phases.CANONICALIZATION);
            } catch (CompilationFailedException ex) {
                failed = true;
            }
            ErrorCollector ec = cu.getErrorCollector();
            Set<String> broken = new LinkedHashSet<>();
            if (failed && cu.getPhase() <= Phases.CONVERSION) {
                for (Message m : ec.getErrors()) {
                    String owner = MessageSource.uriOf(m);
                    if (owner != null && roundUnits.containsKey(owner)) {
                        broken.add(owner);
                    }
                }
            }
            if (!broken.isEmpty() && broken.size() < round.size()) {
                // Keep only the broken buffers' own messages; the rest recompile without them.
                for (Message m : ec.getErrors()) {
                    if (broken.contains(MessageSource.uriOf(m))) {
                        errors.add(m);
                    }
                }
                for (Message m : ec.getWarnings() == null ? Collections.<Message>emptyList() : ec.getWarnings()) {
                    if (broken.contains(MessageSource.uriOf(m))) {
                        warnings.add(m);
                    }
                }
                parseFailed.addAll(broken);
                for (String b : broken) {
                    phases.put(b, Phases.getDescription(cu.getPhase()));
                    round.remove(b);
                }
                continue;
            }
            Set<String> stopped = failed && cu.getPhase() > Phases.CONVERSION ? isolate(ec, roundUnits, round) : null;
            if (stopped != null) {
                // These buffers stopped a later phase (an unresolved class, say). Their messages and resolved ASTs
                // are kept from this round; the rest compile on without them, so one broken buffer never switches
                // off resolution or type checking in the others.
                keep(ec, stopped);
                for (String b : stopped) {
                    phases.put(b, Phases.getDescription(cu.getPhase()));
                    isolated.put(b, roundUnits.get(b));
                    round.remove(b);
                }
                continue;
            }
            if (!failed) {
                typeCheck(cu, roundUnits.values());
            } else {
                parseFailed.addAll(broken);
            }
            if (verbose && ec.getErrors() != null) {
                for (Message m : ec.getErrors()) {
                    if (m instanceof org.codehaus.groovy.control.messages.ExceptionMessage) {
                        ((org.codehaus.groovy.control.messages.ExceptionMessage) m).getCause().printStackTrace();
                    }
                }
            }
            errors.addAll(ec.getErrors() == null ? Collections.emptyList() : ec.getErrors());
            warnings.addAll(ec.getWarnings() == null ? Collections.emptyList() : ec.getWarnings());
            String reached = Phases.getDescription(failed ? cu.getPhase() : Phases.CANONICALIZATION);
            for (String uri : round.keySet()) {
                phases.put(uri, reached);
            }
            for (String uri : buffers.keySet()) {
                SourceUnit su = roundUnits.containsKey(uri) ? roundUnits.get(uri) : isolated.get(uri);
                if (su != null && !parseFailed.contains(uri)) {
                    units.put(uri, su);
                }
            }
            unit = cu;
            return;
        }
    }

    /**
     * The buffers to set aside after a phase past parsing failed: those owning an error, plus every buffer that
     * names a class they declare (without them it would get errors that are not its own). Null when that would be
     * every buffer, or when a message belongs to no buffer (then the failure is the whole compile's).
     */
    private static Set<String> isolate(ErrorCollector ec, Map<String, SourceUnit> roundUnits, Map<String, String> round) {
        Set<String> out = new LinkedHashSet<>();
        for (Message m : ec.getErrors() == null ? Collections.<Message>emptyList() : ec.getErrors()) {
            String owner = MessageSource.uriOf(m);
            if (owner == null || !roundUnits.containsKey(owner)) {
                return null;
            }
            out.add(owner);
        }
        if (out.isEmpty()) {
            return null;
        }
        Set<String> names = new LinkedHashSet<>();
        boolean grew = true;
        while (grew && out.size() < round.size()) {
            for (String b : out) {
                ModuleNode mn = roundUnits.get(b).getAST();
                if (mn != null) {
                    for (ClassNode cn : mn.getClasses()) {
                        names.add(cn.getNameWithoutPackage().replace('$', '.'));
                        int dot = cn.getNameWithoutPackage().lastIndexOf('$');
                        names.add(cn.getNameWithoutPackage().substring(dot + 1));
                    }
                }
            }
            grew = false;
            for (Map.Entry<String, String> e : round.entrySet()) {
                if (!out.contains(e.getKey()) && mentionsAny(e.getValue(), names)) {
                    out.add(e.getKey());
                    grew = true;
                }
            }
        }
        return out.size() < round.size() ? out : null;
    }

    private static boolean mentionsAny(String text, Set<String> names) {
        for (String n : names) {
            for (int i = text.indexOf(n); i >= 0; i = text.indexOf(n, i + 1)) {
                int e = i + n.length();
                if ((i == 0 || !Character.isJavaIdentifierPart(text.charAt(i - 1)))
                        && (e >= text.length() || !Character.isJavaIdentifierPart(text.charAt(e)))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Keeps this round's messages of the given buffers. */
    private void keep(ErrorCollector ec, Set<String> owners) {
        for (Message m : ec.getErrors() == null ? Collections.<Message>emptyList() : ec.getErrors()) {
            if (owners.contains(MessageSource.uriOf(m))) {
                errors.add(m);
            }
        }
        for (Message m : ec.getWarnings() == null ? Collections.<Message>emptyList() : ec.getWarnings()) {
            if (owners.contains(MessageSource.uriOf(m))) {
                warnings.add(m);
            }
        }
    }

    private static CompilationUnit newUnit(ModelClassLoader loader, ModelClassNodeResolver resolver) {
        CompilationUnit cu = new CompilationUnit(loader.configuration(), null, loader, loader);
        cu.setClassNodeResolver(resolver);
        return cu;
    }

    /** The static type checker over annotated code, as the @TypeChecked/@CompileStatic transforms would run it. */
    private static void typeCheck(CompilationUnit cu, Iterable<SourceUnit> sources) {
        for (SourceUnit su : sources) {
            ModuleNode module = su.getAST();
            if (module == null) {
                continue;
            }
            for (ClassNode cn : new ArrayList<>(module.getClasses())) {
                String mode = checkMode(cn);
                if (mode != null) {
                    if (!"SKIP".equals(mode)) {
                        visitClass(cu, su, cn, COMPILE_STATIC.equals(mode));
                    }
                    continue;
                }
                if (enclosedByChecked(cn)) {
                    continue;
                }
                for (MethodNode mn : new ArrayList<>(cn.getMethods())) {
                    String m = checkMode(mn);
                    if (m != null && !"SKIP".equals(m)) {
                        visitMethod(cu, su, mn, COMPILE_STATIC.equals(m));
                    }
                }
                for (MethodNode mn : new ArrayList<>(cn.getDeclaredConstructors())) {
                    String m = checkMode(mn);
                    if (m != null && !"SKIP".equals(m)) {
                        visitMethod(cu, su, mn, COMPILE_STATIC.equals(m));
                    }
                }
            }
        }
    }

    /** Inner classes of a checked class are visited with it, as the transform does. */
    private static boolean enclosedByChecked(ClassNode cn) {
        for (ClassNode outer = cn.getOuterClass(); outer != null; outer = outer.getOuterClass()) {
            String m = checkMode(outer);
            if (m != null) {
                return true;
            }
        }
        return false;
    }

    /** The annotation's FQN ("SKIP" when its mode is SKIP), or null when the node is not annotated. */
    private static String checkMode(org.codehaus.groovy.ast.AnnotatedNode node) {
        for (AnnotationNode a : node.getAnnotations()) {
            String name = a.getClassNode().getName();
            if (TYPE_CHECKED.equals(name) || COMPILE_STATIC.equals(name)) {
                Expression v = a.getMember("value");
                if (v instanceof PropertyExpression && "SKIP".equals(((PropertyExpression) v).getPropertyAsString())) {
                    return "SKIP";
                }
                if (v != null && v.getText().endsWith("SKIP")) {
                    return "SKIP";
                }
                return name;
            }
        }
        return null;
    }

    private static StaticTypeCheckingVisitor visitor(CompilationUnit cu, SourceUnit su, ClassNode cn, boolean cs) {
        StaticTypeCheckingVisitor v = cs ? new StaticCompilationVisitor(su, cn) : new StaticTypeCheckingVisitor(su, cn);
        v.setCompilationUnit(cu);
        return v;
    }

    /**
     * Marks the annotated class or method as statically compiled, as Groovy's StaticCompileTransformation does before
     * it runs the visitor: the static compiler's own checks (a call whose target it cannot bind: "Target method for
     * method call expression hasn't been set") apply only to nodes carrying this mark.
     */
    private static void markStaticallyCompiled(org.codehaus.groovy.ast.ASTNode node, boolean cs) {
        if (cs && node instanceof org.codehaus.groovy.ast.AnnotatedNode) {
            ((org.codehaus.groovy.ast.AnnotatedNode) node).putNodeMetaData(
                    org.codehaus.groovy.transform.sc.StaticCompilationMetadataKeys.STATIC_COMPILE_NODE, Boolean.TRUE);
        }
    }

    private static void visitClass(CompilationUnit cu, SourceUnit su, ClassNode cn, boolean cs) {
        try {
            StaticTypeCheckingVisitor v = visitor(cu, su, cn, cs);
            markStaticallyCompiled(cn, cs);
            v.initialize();
            v.visitClass(cn);
            v.performSecondPass();
        } catch (CompilationFailedException ignore) {
            // the messages are already in the collector
        }
    }

    private static void visitMethod(CompilationUnit cu, SourceUnit su, MethodNode mn, boolean cs) {
        try {
            StaticTypeCheckingVisitor v = visitor(cu, su, mn.getDeclaringClass(), cs);
            v.setMethodsToBeVisited(Collections.singleton(mn));
            markStaticallyCompiled(mn, cs);
            v.initialize();
            v.visitMethod(mn);
            v.performSecondPass();
        } catch (CompilationFailedException ignore) {
            // the messages are already in the collector
        }
    }

    /**
     * True when this compile holds only some of the open buffers (a dependency closure). Answers that look at every
     * open buffer's declarations must then not come from it.
     */
    private boolean partial;

    public Compilation partial(boolean on) {
        partial = on;
        return this;
    }

    public boolean partial() {
        return partial;
    }

    public List<Message> errors() {
        return errors;
    }

    public List<Message> warnings() {
        return warnings;
    }

    /** True when the buffer stopped at parsing (its messages are syntax errors and it has no AST). */
    public boolean parseFailed(String uri) {
        return parseFailed.contains(uri);
    }

    /** The compile phase the buffer's AST reached ("canonicalization" when nothing stopped it), or null. */
    public String phase(String uri) {
        return phases.get(uri);
    }

    public SourceUnit unit(String uri) {
        return units.get(uri);
    }

    public CompilationUnit compilationUnit() {
        return unit;
    }

    public Map<String, SourceUnit> units() {
        return units;
    }
}
