package io.groovymcp.teavm.transforms;

import groovy.transform.ConditionalInterrupt;
import org.codehaus.groovy.ast.AnnotatedNode;
import org.codehaus.groovy.ast.AnnotationNode;
import org.codehaus.groovy.ast.ClassHelper;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.FieldNode;
import org.codehaus.groovy.ast.MethodNode;
import org.codehaus.groovy.ast.Parameter;
import org.codehaus.groovy.ast.PropertyNode;
import org.codehaus.groovy.ast.expr.ClosureExpression;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.stmt.Statement;
import org.codehaus.groovy.ast.tools.ClosureUtils;
import org.codehaus.groovy.ast.tools.GeneralUtils;
import org.codehaus.groovy.control.CompilePhase;
import org.codehaus.groovy.transform.AbstractInterruptibleASTTransformation;
import org.codehaus.groovy.transform.GroovyASTTransformation;

/**
 * {@code @groovy.transform.ConditionalInterrupt} for the wasm build. Groovy's transform is Groovy code compiled
 * against its dynamic runtime; this is the same algorithm in Java on the same (Java) base class: the annotation's
 * closure becomes a private synthetic method {@code conditionalTransform<hash>$condition()} of each guarded class,
 * and loops, closures and (by default) instance methods start with {@code if (condition()) throw new thrown(...)},
 * whose message quotes the closure's source. A value that is not a closure is the original's internal error.
 */
@GroovyASTTransformation(phase = CompilePhase.CANONICALIZATION)
public final class ConditionalInterruptTransformation extends AbstractInterruptibleASTTransformation {
    private ClosureExpression conditionNode;
    private String conditionMethod;
    private ClassNode currentClass;

    @Override
    protected ClassNode type() {
        return ClassHelper.make(ConditionalInterrupt.class);
    }

    @Override
    protected void setupTransform(AnnotationNode node) {
        super.setupTransform(node);
        Expression member = node.getMember("value");
        if (!(member instanceof ClosureExpression)) {
            internalError("Expected closure value for annotation parameter 'value'. Found " + member);
        }
        conditionNode = (ClosureExpression) member;
        conditionMethod = "conditionalTransform" + node.hashCode() + "$condition";
    }

    @Override
    protected String getErrorMessage() {
        return "Execution interrupted. The following condition failed: " + convertClosureToSource(conditionNode);
    }

    @Override
    public void visitClass(ClassNode type) {
        currentClass = type;
        type.addSyntheticMethod(conditionMethod, ACC_PRIVATE, ClassHelper.OBJECT_TYPE, Parameter.EMPTY_ARRAY,
                ClassNode.EMPTY_ARRAY, conditionNode.getCode());
        if (applyToAllMembers) {
            super.visitClass(type);
        }
    }

    @Override
    protected Expression createCondition() {
        return GeneralUtils.callThisX(conditionMethod);
    }

    /** Annotations are not guarded: visiting the annotation's own closure again could recurse without end. */
    @Override
    public void visitAnnotations(AnnotatedNode node) {
    }

    @Override
    public void visitField(FieldNode node) {
        if (!node.isStatic() && !node.isSynthetic()) {
            super.visitField(node);
        }
    }

    @Override
    public void visitProperty(PropertyNode node) {
        if (!node.isStatic() && !node.isSynthetic()) {
            super.visitProperty(node);
        }
    }

    @Override
    public void visitClosureExpression(ClosureExpression closureExpr) {
        if (closureExpr == conditionNode) {
            return;
        }
        Statement code = closureExpr.getCode();
        closureExpr.setCode(wrapBlock(code));
        super.visitClosureExpression(closureExpr);
    }

    @Override
    public void visitMethod(MethodNode node) {
        if (node.getName().equals(conditionMethod) && !node.isSynthetic()) {
            return;
        }
        // A script's run() is left unguarded: its binding is set only once it runs, and the condition reads it.
        if (node.getName().equals("run") && currentClass.isScript() && node.getParameters().length == 0) {
            super.visitMethod(node);
        } else {
            if (checkOnMethodStart && !node.isSynthetic() && !node.isStatic() && !node.isAbstract()) {
                node.setCode(wrapBlock(node.getCode()));
            }
            if (!node.isSynthetic() && !node.isStatic()) {
                super.visitMethod(node);
            }
        }
    }

    private String convertClosureToSource(ClosureExpression expression) {
        try {
            return ClosureUtils.convertClosureToSource(source.getSource(), expression);
        } catch (Exception e) {
            return e.getMessage();
        }
    }
}
