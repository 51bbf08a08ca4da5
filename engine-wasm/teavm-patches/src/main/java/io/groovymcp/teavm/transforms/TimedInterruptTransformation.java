package io.groovymcp.teavm.transforms;

import static org.codehaus.groovy.ast.tools.GeneralUtils.args;
import static org.codehaus.groovy.ast.tools.GeneralUtils.block;
import static org.codehaus.groovy.ast.tools.GeneralUtils.callX;
import static org.codehaus.groovy.ast.tools.GeneralUtils.classX;
import static org.codehaus.groovy.ast.tools.GeneralUtils.constX;
import static org.codehaus.groovy.ast.tools.GeneralUtils.ctorX;
import static org.codehaus.groovy.ast.tools.GeneralUtils.ifS;
import static org.codehaus.groovy.ast.tools.GeneralUtils.ltX;
import static org.codehaus.groovy.ast.tools.GeneralUtils.plusX;
import static org.codehaus.groovy.ast.tools.GeneralUtils.propX;
import static org.codehaus.groovy.ast.tools.GeneralUtils.throwS;
import static org.codehaus.groovy.ast.tools.GeneralUtils.varX;

import java.lang.reflect.Modifier;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import groovy.transform.TimedInterrupt;
import org.codehaus.groovy.ast.ASTNode;
import org.codehaus.groovy.ast.AnnotatedNode;
import org.codehaus.groovy.ast.AnnotationNode;
import org.codehaus.groovy.ast.ClassCodeVisitorSupport;
import org.codehaus.groovy.ast.ClassHelper;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.FieldNode;
import org.codehaus.groovy.ast.MethodNode;
import org.codehaus.groovy.ast.ModuleNode;
import org.codehaus.groovy.ast.PropertyNode;
import org.codehaus.groovy.ast.expr.ClosureExpression;
import org.codehaus.groovy.ast.expr.ConstantExpression;
import org.codehaus.groovy.ast.expr.DeclarationExpression;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.stmt.BlockStatement;
import org.codehaus.groovy.ast.stmt.DoWhileStatement;
import org.codehaus.groovy.ast.stmt.ForStatement;
import org.codehaus.groovy.ast.stmt.LoopingStatement;
import org.codehaus.groovy.ast.stmt.Statement;
import org.codehaus.groovy.ast.stmt.WhileStatement;
import org.codehaus.groovy.control.CompilePhase;
import org.codehaus.groovy.control.SourceUnit;
import org.codehaus.groovy.runtime.DefaultGroovyMethods;
import org.codehaus.groovy.transform.AbstractASTTransformation;
import org.codehaus.groovy.transform.GroovyASTTransformation;

/**
 * {@code @groovy.transform.TimedInterrupt} for the wasm build. Groovy's transform is Groovy code whose closures
 * ({@code each}, {@code tap}) run through the dynamic runtime, which has no methods to call in wasm; this is the same
 * algorithm in Java. Each guarded class gets two synthetic fields named after the annotation node's identity hash
 * ({@code timedInterrupt<hash>$expireTime}, {@code ...$startTime}), and loops, closures and (by default) instance
 * methods start with a check that throws {@code thrown} (TimeoutException) once the time is up. Members read like the
 * original's: a constant converted with {@code asType}, any failure an internal error naming the member.
 */
@GroovyASTTransformation(phase = CompilePhase.CANONICALIZATION)
public final class TimedInterruptTransformation extends AbstractASTTransformation {
    private static final ClassNode MY_TYPE = ClassHelper.make(TimedInterrupt.class);

    @Override
    public void visit(ASTNode[] nodes, SourceUnit source) {
        init(nodes, source);
        AnnotationNode node = (AnnotationNode) nodes[0];
        AnnotatedNode annotatedNode = (AnnotatedNode) nodes[1];
        if (!MY_TYPE.equals(node.getClassNode())) {
            internalError("Transformation called from wrong annotation: " + node.getClassNode().getName());
        }
        Object checkOnMethodStart = constantParameter(node, "checkOnMethodStart", Boolean.TYPE, true);
        Object applyToAllMembers = constantParameter(node, "applyToAllMembers", Boolean.TYPE, true);
        Object applyToAllClasses = Members.truth(applyToAllMembers)
                ? constantParameter(node, "applyToAllClasses", Boolean.TYPE, true) : false;
        Object maximum = constantParameter(node, "value", Long.TYPE, Long.MAX_VALUE);
        ClassNode thrown = InterruptMembers.classParameter(node, "thrown", ClassHelper.make(TimeoutException.class));
        Expression unit = node.getMember("unit");
        if (unit == null) {
            unit = propX(classX(TimeUnit.class), "SECONDS");
        }
        Settings s = new Settings(source, Members.truth(checkOnMethodStart), Members.truth(applyToAllMembers),
                maximum, unit, thrown, "timedInterrupt" + node.hashCode());
        ModuleNode tree = source.getAST();
        // One visitor per guarded class: a visitor keeps the fields it added.
        if (Members.truth(applyToAllClasses)) {
            if (tree != null) {
                for (ClassNode c : classes(tree)) {
                    new Visitor(s).visitClass(c);
                }
            }
        } else if (annotatedNode instanceof ClassNode) {
            new Visitor(s).visitClass((ClassNode) annotatedNode);
        } else if (!s.applyToAllMembers && annotatedNode instanceof MethodNode) {
            Visitor v = new Visitor(s);
            v.visitMethod((MethodNode) annotatedNode);
            v.visitClass(annotatedNode.getDeclaringClass());
        } else if (!s.applyToAllMembers && annotatedNode instanceof FieldNode) {
            Visitor v = new Visitor(s);
            v.visitField((FieldNode) annotatedNode);
            v.visitClass(annotatedNode.getDeclaringClass());
        } else if (!s.applyToAllMembers && annotatedNode instanceof DeclarationExpression) {
            Visitor v = new Visitor(s);
            v.visitDeclarationExpression((DeclarationExpression) annotatedNode);
            v.visitClass(annotatedNode.getDeclaringClass());
        } else if (tree != null) {
            for (ClassNode c : classes(tree)) {
                if (c.isScript()) {
                    new Visitor(s).visitClass(c);
                }
            }
        }
    }

    /** Groovy's {@code source.AST?.classes?.each}: a null class list guards nothing. */
    private static List<ClassNode> classes(ModuleNode tree) {
        List<ClassNode> l = tree.getClasses();
        return l == null ? java.util.Collections.emptyList() : l;
    }

    /**
     * The member's constant converted with Groovy's {@code asType}; the default when it is absent. Anything that is
     * not a constant, or does not convert, is the original's internal error (its message says "boolean" for every
     * member, the long {@code value} included).
     */
    private static Object constantParameter(AnnotationNode node, String parameterName, Class<?> type,
                                            Object defaultValue) {
        Expression member = node.getMember(parameterName);
        if (member != null) {
            if (member instanceof ConstantExpression) {
                try {
                    return DefaultGroovyMethods.asType(((ConstantExpression) member).getValue(), type);
                } catch (Exception ignore) {
                    internalError("Expecting boolean value for " + parameterName + " annotation parameter. Found "
                            + member);
                }
            } else {
                internalError("Expecting boolean value for " + parameterName + " annotation parameter. Found "
                        + member);
            }
        }
        return defaultValue;
    }

    private static void internalError(String message) {
        throw new RuntimeException("Internal error: " + message);
    }

    /** What the annotation asked for, shared by the visitors of one transform run. */
    private static final class Settings {
        final SourceUnit source;
        final boolean checkOnMethodStart;
        final boolean applyToAllMembers;
        final Object maximum;
        final Expression unit;
        final ClassNode thrown;
        final String basename;

        Settings(SourceUnit source, boolean checkOnMethodStart, boolean applyToAllMembers, Object maximum,
                 Expression unit, ClassNode thrown, String basename) {
            this.source = source;
            this.checkOnMethodStart = checkOnMethodStart;
            this.applyToAllMembers = applyToAllMembers;
            this.maximum = maximum;
            this.unit = unit;
            this.thrown = thrown;
            this.basename = basename;
        }
    }

    private static final class Visitor extends ClassCodeVisitorSupport {
        private final Settings s;

        Visitor(Settings s) {
            this.s = s;
        }

        @Override
        protected SourceUnit getSourceUnit() {
            return s.source;
        }

        /** {@code if (this.<base>$expireTime < System.nanoTime()) throw new <thrown>("Execution timed out ...")}. */
        private Statement createInterruptStatement() {
            return ifS(
                    ltX(propX(varX("this"), s.basename + "$expireTime"),
                            callX(ClassHelper.make(System.class), "nanoTime")),
                    throwS(ctorX(s.thrown, args(plusX(
                            plusX(constX("Execution timed out after " + s.maximum + " "),
                                    callX(callX(s.unit, "name"), "toLowerCase",
                                            propX(classX(Locale.class), "US"))),
                            plusX(constX(". Start time: "), propX(varX("this"), s.basename + "$startTime")))))));
        }

        private BlockStatement wrapBlock(Statement statement) {
            BlockStatement b = block();
            b.addStatement(createInterruptStatement());
            b.addStatement(statement);
            return b;
        }

        @Override
        public void visitClass(ClassNode node) {
            String startTime = s.basename + "$startTime";
            String expireTime = s.basename + "$expireTime";
            if (node.getDeclaredField(expireTime) != null) {
                return;
            }
            FieldNode expireTimeField = node.addFieldFirst(expireTime, Modifier.FINAL | Modifier.PRIVATE,
                    ClassHelper.long_TYPE,
                    plusX(callX(ClassHelper.make(System.class), "nanoTime"),
                            callX(propX(classX(TimeUnit.class), "NANOSECONDS"), "convert",
                                    args(constX(s.maximum, true), s.unit))));
            expireTimeField.setSynthetic(true);
            ClassNode dateClass = ClassHelper.make(Date.class);
            FieldNode startTimeField = node.addFieldFirst(startTime, Modifier.FINAL | Modifier.PRIVATE, dateClass,
                    ctorX(dateClass));
            startTimeField.setSynthetic(true);
            if (s.applyToAllMembers) {
                super.visitClass(node);
            }
        }

        @Override
        public void visitClosureExpression(ClosureExpression closureExpr) {
            Statement code = closureExpr.getCode();
            if (code instanceof BlockStatement) {
                ((BlockStatement) code).getStatements().add(0, createInterruptStatement());
            } else {
                closureExpr.setCode(wrapBlock(code));
            }
            super.visitClosureExpression(closureExpr);
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

        private void visitLoop(LoopingStatement loopStatement) {
            loopStatement.setLoopBlock(wrapBlock(loopStatement.getLoopBlock()));
        }

        @Override
        public void visitForLoop(ForStatement forStatement) {
            visitLoop(forStatement);
            super.visitForLoop(forStatement);
        }

        @Override
        public void visitDoWhileLoop(DoWhileStatement doWhileStatement) {
            visitLoop(doWhileStatement);
            super.visitDoWhileLoop(doWhileStatement);
        }

        @Override
        public void visitWhileLoop(WhileStatement whileStatement) {
            visitLoop(whileStatement);
            super.visitWhileLoop(whileStatement);
        }

        @Override
        public void visitMethod(MethodNode node) {
            if (s.checkOnMethodStart && !node.isSynthetic() && !node.isStatic() && !node.isAbstract()) {
                node.setCode(wrapBlock(node.getCode()));
            }
            if (!node.isSynthetic() && !node.isStatic()) {
                super.visitMethod(node);
            }
        }
    }
}
