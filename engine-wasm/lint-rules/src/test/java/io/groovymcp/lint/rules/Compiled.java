package io.groovymcp.lint.rules;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.codehaus.groovy.ast.AnnotatedNode;
import org.codehaus.groovy.ast.AnnotationNode;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.MethodNode;
import org.codehaus.groovy.ast.ModuleNode;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.control.CompilationFailedException;
import org.codehaus.groovy.control.CompilationUnit;
import org.codehaus.groovy.control.CompilerConfiguration;
import org.codehaus.groovy.control.Phases;
import org.codehaus.groovy.control.SourceUnit;
import org.codehaus.groovy.control.messages.Message;
import org.codehaus.groovy.transform.sc.StaticCompilationVisitor;
import org.codehaus.groovy.transform.stc.StaticTypeCheckingVisitor;

/**
 * Compiles Groovy sources with the stock compiler on the JVM the way the engine's facade does before its lint op:
 * all sources as one unit through CANONICALIZATION (tolerating errors, as the facade does), then the static type
 * checker over @TypeChecked/@CompileStatic classes and methods.
 */
final class Compiled {
    private static final groovy.lang.GroovyClassLoader LOADER =
            new groovy.lang.GroovyClassLoader(Compiled.class.getClassLoader());
    private final CompilationUnit cu;
    private final Map<String, SourceUnit> units = new LinkedHashMap<>();
    private final List<String> errors = new ArrayList<>();

    private Compiled(Map<String, String> sources) {
        CompilerConfiguration cfg = new CompilerConfiguration();
        cfg.setTolerance(1000);
        cfg.addCompilationCustomizers(new NothingRuns());
        cfg.setDisabledGlobalASTTransformations(java.util.Set.of("groovy.grape.GrabAnnotationTransformation"));
        // One loader for all compiles of a test run: looking up JDK and Groovy classes is most of a compile's cost.
        cu = new CompilationUnit(cfg, null, LOADER);
        for (Map.Entry<String, String> e : sources.entrySet()) {
            units.put(e.getKey(), cu.addSource(e.getKey(), e.getValue()));
        }
        boolean failed = false;
        try {
            cu.compile(Phases.CANONICALIZATION);
        } catch (CompilationFailedException ex) {
            failed = true;
        }
        if (!failed) {
            for (SourceUnit su : units.values()) {
                typeCheck(su);
            }
        }
        if (cu.getErrorCollector().getErrors() != null) {
            for (Message m : cu.getErrorCollector().getErrors()) {
                java.io.StringWriter w = new java.io.StringWriter();
                m.write(new java.io.PrintWriter(w));
                errors.add(w.toString().trim());
            }
        }
    }

    static Compiled of(String source) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("Test.groovy", source);
        return new Compiled(m);
    }

    static Compiled of(Map<String, String> sources) {
        return new Compiled(sources);
    }

    SourceUnit unit() {
        return units.values().iterator().next();
    }

    SourceUnit unit(String name) {
        return units.get(name);
    }

    List<String> errors() {
        return errors;
    }

    private void typeCheck(SourceUnit su) {
        ModuleNode module = su.getAST();
        for (ClassNode cn : new ArrayList<>(module.getClasses())) {
            String mode = mode(cn);
            if (mode != null) {
                if (!"SKIP".equals(mode)) {
                    visitClass(su, cn, mode.endsWith("CompileStatic"));
                }
                continue;
            }
            boolean enclosed = false;
            for (ClassNode o = cn.getOuterClass(); o != null; o = o.getOuterClass()) {
                enclosed |= mode(o) != null;
            }
            if (enclosed) {
                continue;
            }
            List<MethodNode> all = new ArrayList<>(cn.getMethods());
            all.addAll(cn.getDeclaredConstructors());
            for (MethodNode mn : all) {
                String m = mode(mn);
                if (m != null && !"SKIP".equals(m)) {
                    try {
                        StaticTypeCheckingVisitor v = visitor(su, cn, m.endsWith("CompileStatic"));
                        v.setMethodsToBeVisited(Collections.singleton(mn));
                        v.initialize();
                        v.visitMethod(mn);
                        v.performSecondPass();
                    } catch (CompilationFailedException ignore) {
                        // reported through the collector
                    }
                }
            }
        }
    }

    private void visitClass(SourceUnit su, ClassNode cn, boolean cs) {
        try {
            StaticTypeCheckingVisitor v = visitor(su, cn, cs);
            v.initialize();
            v.visitClass(cn);
            v.performSecondPass();
        } catch (CompilationFailedException ignore) {
            // reported through the collector
        }
    }

    private StaticTypeCheckingVisitor visitor(SourceUnit su, ClassNode cn, boolean cs) {
        StaticTypeCheckingVisitor v = cs ? new StaticCompilationVisitor(su, cn) : new StaticTypeCheckingVisitor(su, cn);
        v.setCompilationUnit(cu);
        return v;
    }

    /**
     * The fixture corpus holds hostile files: drop @ASTTest (its closure runs inside the compiler) and the @Grab
     * family (downloads) before anything resolves them, as the engine does.
     */
    private static final class NothingRuns extends org.codehaus.groovy.control.customizers.CompilationCustomizer {
        NothingRuns() {
            super(org.codehaus.groovy.control.CompilePhase.CONVERSION);
        }

        @Override
        public void call(SourceUnit source, org.codehaus.groovy.classgen.GeneratorContext context, ClassNode cn) {
            ModuleNode module = source.getAST();
            for (org.codehaus.groovy.ast.ImportNode i : module.getImports()) {
                strip(i);
            }
            strip(module.getPackage());
            strip(cn);
            new org.codehaus.groovy.ast.ClassCodeVisitorSupport() {
                @Override
                protected SourceUnit getSourceUnit() {
                    return source;
                }

                @Override
                public void visitAnnotations(AnnotatedNode node) {
                    strip(node);
                    super.visitAnnotations(node);
                }
            }.visitClass(cn);
        }

        private static void strip(AnnotatedNode node) {
            if (node != null) {
                node.getAnnotations().removeIf(a -> {
                    String n = a.getClassNode().getName();
                    String simple = n.substring(n.lastIndexOf('.') + 1);
                    return simple.equals("ASTTest") || simple.startsWith("Grab") || simple.equals("Grapes");
                });
            }
        }
    }

    private static String mode(AnnotatedNode node) {
        for (AnnotationNode a : node.getAnnotations()) {
            String name = a.getClassNode().getName();
            if ("groovy.transform.TypeChecked".equals(name) || "groovy.transform.CompileStatic".equals(name)) {
                Expression v = a.getMember("value");
                return v != null && v.getText().endsWith("SKIP") ? "SKIP" : name;
            }
        }
        return null;
    }
}
