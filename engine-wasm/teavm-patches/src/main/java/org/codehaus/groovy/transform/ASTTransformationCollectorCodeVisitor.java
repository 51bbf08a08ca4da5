package org.codehaus.groovy.transform;

import java.util.ArrayList;
import java.util.List;

import groovy.lang.GroovyClassLoader;
import org.codehaus.groovy.ast.AnnotatedNode;
import org.codehaus.groovy.ast.AnnotationNode;
import org.codehaus.groovy.ast.ClassCodeVisitorSupport;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.expr.PropertyExpression;
import org.codehaus.groovy.control.SourceUnit;
import org.codehaus.groovy.transform.trait.Traits;

import io.groovymcp.teavm.TransformRegistry;

/**
 * TeaVM replacement for the visitor that finds which local AST transforms an annotation triggers. The original reads
 * {@code @GroovyASTTransformationClass} from the annotation's runtime class by reflection, loads the transforms by
 * name and evaluates collector options by compiling and running a helper class. Here the transforms come from
 * {@link TransformRegistry}, and collector options are read from the annotation's AST: enum constants as written.
 * Collectors ({@code @Canonical}, {@code @Immutable}, records) expand through Groovy's own AnnotationCollectorTransform,
 * whose stored target lists the engine supplies from the class model.
 */
public class ASTTransformationCollectorCodeVisitor extends ClassCodeVisitorSupport {
    private static final String COLLECTOR = "groovy.transform.AnnotationCollector";
    private static final int MAX_ROUNDS = 8;

    private ClassNode classNode;
    private final SourceUnit source;
    /** Collector usages that cannot be expanded, so the fixpoint loop does not revisit them. */
    private final java.util.Set<AnnotationNode> expandedAlready = new java.util.HashSet<>();

    public ASTTransformationCollectorCodeVisitor(SourceUnit source, GroovyClassLoader transformLoader) {
        this.source = source;
    }

    @Override
    protected SourceUnit getSourceUnit() {
        return source;
    }

    @Override
    public void visitClass(ClassNode node) {
        ClassNode outer = classNode;
        classNode = node;
        super.visitClass(node);
        classNode = outer;
    }

    @Override
    public void visitAnnotations(AnnotatedNode node) {
        List<AnnotationNode> annotations = node.getAnnotations();
        if (annotations.isEmpty()) {
            return;
        }
        super.visitAnnotations(node);
        for (int round = 0; round < MAX_ROUNDS; round++) {
            if (!expandCollectors(node, annotations)) {
                break;
            }
        }
        for (AnnotationNode a : new ArrayList<>(annotations)) {
            addTransforms(a);
        }
    }

    /** Replaces each collector annotation by what it collects; returns whether anything changed. */
    private boolean expandCollectors(AnnotatedNode origin, List<AnnotationNode> annotations) {
        List<AnnotationNode> result = new ArrayList<>();
        boolean changed = false;
        for (AnnotationNode alias : annotations) {
            AnnotationNode collector = collectorOf(alias);
            if (collector == null || expandedAlready.contains(alias)) {
                result.add(alias);
                continue;
            }
            changed = true;
            AnnotationCollectorTransform processor = processorOf(collector);
            if (processor == null) {
                expandedAlready.add(alias);
                result.add(alias);
                continue;
            }
            List<AnnotationNode> expanded = processor.visit(collector, alias, origin, source);
            merge(result, expanded, modeOf(collector), annotations, alias);
        }
        if (changed) {
            annotations.clear();
            annotations.addAll(result);
        }
        return changed;
    }

    /**
     * The collector's processor. Groovy's only custom one is CompileDynamicProcessor (compiled in); any other named
     * processor would be library code, which never runs here, so such a collector is left unexpanded.
     */
    private static AnnotationCollectorTransform processorOf(AnnotationNode collector) {
        Expression p = collector.getMember("processor");
        if (p == null) {
            return new AnnotationCollectorTransform();
        }
        if (CompileDynamicProcessor.class.getName().equals(p.getText())) {
            return new CompileDynamicProcessor();
        }
        return null;
    }

    private static AnnotationNode collectorOf(AnnotationNode alias) {
        ClassNode type = alias.getClassNode();
        if (!type.isResolved() && !type.isPrimaryClassNode()) {
            return null;
        }
        for (AnnotationNode a : type.getAnnotations()) {
            if (COLLECTOR.equals(a.getClassNode().getName())) {
                return a;
            }
        }
        return null;
    }

    private static String modeOf(AnnotationNode collector) {
        Expression mode = collector.getMember("mode");
        if (mode instanceof PropertyExpression) {
            return ((PropertyExpression) mode).getPropertyAsString();
        }
        return "DUPLICATE";
    }

    /**
     * Applies the collector's mode: explicit annotations on the node and collected ones may name the same type.
     * PREFER_COLLECTOR drops the explicit ones, PREFER_EXPLICIT drops the collected ones, the *_MERGED variants copy
     * missing members across first, and DUPLICATE keeps both.
     */
    private static void merge(List<AnnotationNode> result, List<AnnotationNode> collected, String mode,
                              List<AnnotationNode> explicit, AnnotationNode alias) {
        boolean merged = mode.endsWith("_MERGED");
        if (mode.startsWith("PREFER_EXPLICIT")) {
            for (AnnotationNode c : collected) {
                AnnotationNode e = sameType(explicit, c, alias);
                if (e == null) {
                    result.add(c);
                } else if (merged) {
                    copyMissing(c, e);
                }
            }
        } else if (mode.startsWith("PREFER_COLLECTOR")) {
            for (AnnotationNode c : collected) {
                AnnotationNode e = sameType(explicit, c, alias);
                if (e != null) {
                    if (merged) {
                        copyMissing(e, c);
                    }
                    result.remove(e);
                    explicit.remove(e);
                }
                result.add(c);
            }
        } else {
            result.addAll(collected);
        }
    }

    private static AnnotationNode sameType(List<AnnotationNode> list, AnnotationNode a, AnnotationNode skip) {
        for (AnnotationNode x : list) {
            if (x != skip && x.getClassNode().getName().equals(a.getClassNode().getName())) {
                return x;
            }
        }
        return null;
    }

    private static void copyMissing(AnnotationNode from, AnnotationNode to) {
        from.getMembers().forEach((k, v) -> {
            if (to.getMember(k) == null) {
                to.setMember(k, v);
            }
        });
    }

    private void addTransforms(AnnotationNode annotation) {
        ClassNode type = annotation.getClassNode();
        if (!type.isResolved()) {
            return;
        }
        for (TransformRegistry.Entry e : TransformRegistry.forAnnotation(type.getName())) {
            if (!Traits.isTrait(classNode) || e.type == org.codehaus.groovy.transform.trait.TraitASTTransformation.class
                    || e.type == SealedASTTransformation.class) {
                classNode.addTransform(e.type, annotation);
            }
        }
    }
}
