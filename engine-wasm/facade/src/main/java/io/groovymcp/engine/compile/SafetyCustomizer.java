package io.groovymcp.engine.compile;

import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.codehaus.groovy.ast.AnnotatedNode;
import org.codehaus.groovy.ast.AnnotationNode;
import org.codehaus.groovy.ast.ClassCodeVisitorSupport;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.ImportNode;
import org.codehaus.groovy.ast.ModuleNode;
import org.codehaus.groovy.classgen.GeneratorContext;
import org.codehaus.groovy.control.CompilePhase;
import org.codehaus.groovy.control.SourceUnit;
import org.codehaus.groovy.control.customizers.CompilationCustomizer;

/**
 * Removes the annotations that would make a compile run or fetch code: {@code @ASTTest} (its closure runs inside the
 * compiler) and the Grape family ({@code @Grab} downloads). They are removed at conversion, before resolution, so
 * neither their transforms nor their classes are ever looked up. Aliased imports of them are followed.
 */
public final class SafetyCustomizer extends CompilationCustomizer {
    private static final Set<String> BLOCKED = Set.of(
            "groovy.transform.ASTTest", "groovy.lang.Grab", "groovy.lang.Grapes", "groovy.lang.GrabConfig",
            "groovy.lang.GrabResolver", "groovy.lang.GrabExclude", "groovy.grape.Grab");

    public SafetyCustomizer() {
        super(CompilePhase.CONVERSION);
    }

    @Override
    public void call(SourceUnit source, GeneratorContext context, ClassNode classNode) {
        ModuleNode module = source.getAST();
        Set<String> names = blockedNames(module);
        strip(module.getPackage(), names);
        for (ImportNode imp : module.getImports()) {
            strip(imp, names);
        }
        for (ImportNode imp : module.getStarImports()) {
            strip(imp, names);
        }
        for (ImportNode imp : module.getStaticImports().values()) {
            strip(imp, names);
        }
        for (ImportNode imp : module.getStaticStarImports().values()) {
            strip(imp, names);
        }
        strip(classNode, names);
        new ClassCodeVisitorSupport() {
            @Override
            protected SourceUnit getSourceUnit() {
                return source;
            }

            @Override
            public void visitAnnotations(AnnotatedNode node) {
                strip(node, names);
                super.visitAnnotations(node);
            }
        }.visitClass(classNode);
    }

    private static Set<String> blockedNames(ModuleNode module) {
        Set<String> names = new HashSet<>(BLOCKED);
        for (String fqn : BLOCKED) {
            names.add(fqn.substring(fqn.lastIndexOf('.') + 1));
        }
        for (ImportNode imp : module.getImports()) {
            if (imp.getType() != null && BLOCKED.contains(imp.getType().getName())) {
                names.add(imp.getAlias());
            }
        }
        return names;
    }

    private static void strip(AnnotatedNode node, Set<String> names) {
        if (node == null) {
            return;
        }
        List<AnnotationNode> annotations = node.getAnnotations();
        for (Iterator<AnnotationNode> it = annotations.iterator(); it.hasNext();) {
            AnnotationNode a = it.next();
            if (names.contains(a.getClassNode().getName())) {
                it.remove();
            }
        }
    }

    /** Visible for the limits resource. */
    public static Map<String, Boolean> policy() {
        return Map.of("grab", false, "astTest", false);
    }
}
