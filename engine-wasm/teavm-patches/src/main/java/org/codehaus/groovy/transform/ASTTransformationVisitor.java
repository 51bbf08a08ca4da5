package org.codehaus.groovy.transform;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.codehaus.groovy.ast.ASTNode;
import org.codehaus.groovy.ast.AnnotatedNode;
import org.codehaus.groovy.ast.AnnotationNode;
import org.codehaus.groovy.ast.ClassCodeVisitorSupport;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.PropertyNode;
import org.codehaus.groovy.classgen.GeneratorContext;
import org.codehaus.groovy.control.ASTTransformationsContext;
import org.codehaus.groovy.control.CompilationUnit;
import groovy.transform.CompilationUnitAware;
import org.codehaus.groovy.control.CompilePhase;
import org.codehaus.groovy.control.Phases;
import org.codehaus.groovy.control.SourceUnit;
import org.codehaus.groovy.control.messages.SimpleMessage;

import io.groovymcp.teavm.TransformRegistry;

/**
 * TeaVM replacement for the visitor that runs local AST transforms phase by phase. It keeps Groovy's order (targets
 * in visiting order, stable by priority) but makes transforms from {@link TransformRegistry} instead of reflective
 * constructors. There are no global transforms: the engine serves none from the class path, so nothing a library
 * registers ever runs.
 */
public final class ASTTransformationVisitor extends ClassCodeVisitorSupport {
    private final CompilePhase phase;
    private final ASTTransformationsContext context;
    private SourceUnit source;
    private List<ASTNode[]> targetNodes;
    private Map<ASTNode, List<ASTTransformation>> transforms;

    private ASTTransformationVisitor(CompilePhase phase, ASTTransformationsContext context) {
        this.phase = phase;
        this.context = context;
    }

    @Override
    protected SourceUnit getSourceUnit() {
        return source;
    }

    @Override
    public void visitClass(ClassNode classNode) {
        Map<Class<? extends ASTTransformation>, Set<ASTNode>> base = classNode.getTransforms(phase);
        if (base.isEmpty()) {
            return;
        }
        Map<Class<? extends ASTTransformation>, ASTTransformation> instances = new HashMap<>();
        for (Class<? extends ASTTransformation> type : base.keySet()) {
            ASTTransformation t = TransformRegistry.create(type);
            if (t == null) {
                source.getErrorCollector().addError(new SimpleMessage(
                        "Could not instantiate Transformation Processor " + type, source));
            } else {
                instances.put(type, t);
            }
        }
        transforms = new HashMap<>();
        for (Map.Entry<Class<? extends ASTTransformation>, Set<ASTNode>> e : base.entrySet()) {
            for (ASTNode node : e.getValue()) {
                ASTTransformation t = instances.get(e.getKey());
                List<ASTTransformation> list = transforms.computeIfAbsent(node, k -> new ArrayList<>());
                if (t != null) {
                    list.add(t);
                }
            }
        }
        targetNodes = new LinkedList<>();
        super.visitClass(classNode);

        List<Object[]> work = new ArrayList<>();
        for (ASTNode[] target : targetNodes) {
            for (ASTTransformation t : transforms.get(target[0])) {
                work.add(new Object[] {t, target});
            }
        }
        work.sort((a, b) -> Integer.compare(priority(b[0]), priority(a[0])));
        for (Object[] w : work) {
            ASTTransformation t = (ASTTransformation) w[0];
            if (t instanceof CompilationUnitAware) {
                ((CompilationUnitAware) t).setCompilationUnit(context.getCompilationUnit());
            }
            t.visit((ASTNode[]) w[1], source);
        }
    }

    private static int priority(Object t) {
        return t instanceof TransformWithPriority ? ((TransformWithPriority) t).priority() : 0;
    }

    @Override
    public void visitAnnotations(AnnotatedNode node) {
        super.visitAnnotations(node);
        for (AnnotationNode annotation : node.getAnnotations()) {
            if (transforms.containsKey(annotation)) {
                targetNodes.add(new ASTNode[] {annotation, node});
            }
        }
    }

    @Override
    public void visitProperty(PropertyNode node) {
        // properties are reached through their field and accessors
    }

    public static void addPhaseOperations(CompilationUnit compilationUnit) {
        ASTTransformationsContext context = compilationUnit.getASTTransformationsContext();
        compilationUnit.addPhaseOperation((SourceUnit source, GeneratorContext ignore, ClassNode classNode) -> {
            new ASTTransformationCollectorCodeVisitor(source, compilationUnit.getTransformLoader())
                    .visitClass(classNode);
        }, Phases.SEMANTIC_ANALYSIS);
        for (CompilePhase phase : CompilePhase.values()) {
            if (phase.getPhaseNumber() < Phases.SEMANTIC_ANALYSIS) {
                continue;
            }
            compilationUnit.addPhaseOperation((SourceUnit source, GeneratorContext ignore, ClassNode classNode) -> {
                ASTTransformationVisitor visitor = new ASTTransformationVisitor(phase, context);
                visitor.source = source;
                visitor.visitClass(classNode);
            }, phase.getPhaseNumber());
        }
    }

    public static void addNewPhaseOperation(CompilationUnit compilationUnit, SourceUnit sourceUnit,
                                            ClassNode classNode) {
        int phase = compilationUnit.getPhase();
        if (phase < Phases.SEMANTIC_ANALYSIS) {
            return;
        }
        new ASTTransformationCollectorCodeVisitor(sourceUnit, compilationUnit.getTransformLoader())
                .visitClass(classNode);
        compilationUnit.addNewPhaseOperation(source -> {
            if (source == sourceUnit) {
                ASTTransformationVisitor visitor = new ASTTransformationVisitor(CompilePhase.fromPhaseNumber(phase),
                        compilationUnit.getASTTransformationsContext());
                visitor.source = source;
                visitor.visitClass(classNode);
            }
        }, phase);
    }

    public static void addGlobalTransformsAfterGrab(ASTTransformationsContext context) {
        // no global transforms in the wasm engine
    }

    public static void addGlobalTransforms(ASTTransformationsContext context) {
        // no global transforms in the wasm engine
    }
}
