package io.groovymcp.lint.rules.ast;

import org.codehaus.groovy.ast.ClassCodeVisitorSupport;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.MethodNode;
import org.codehaus.groovy.ast.ModuleNode;
import org.codehaus.groovy.ast.Parameter;
import org.codehaus.groovy.ast.expr.ClosureExpression;
import org.codehaus.groovy.control.SourceUnit;

/**
 * Visits every class of a module (the script class, inner and anonymous classes included) with everything in it:
 * annotations, field and property initializers, parameter defaults, methods, constructors, initializers, closures.
 * Knows the class and method it is in.
 */
public abstract class Walker extends ClassCodeVisitorSupport {
    private final SourceUnit source;
    private ClassNode currentClass;
    private MethodNode currentMethod;
    private int closureDepth;

    protected Walker(SourceUnit source) {
        this.source = source;
    }

    public void walk(ModuleNode module) {
        for (ClassNode cn : module.getClasses()) {
            currentClass = cn;
            currentMethod = null;
            visitClass(cn);
        }
        currentClass = null;
    }

    @Override
    protected SourceUnit getSourceUnit() {
        return source;
    }

    protected ClassNode currentClass() {
        return currentClass;
    }

    /** The method or constructor being visited, null in field initializers and class-level code. */
    protected MethodNode currentMethod() {
        return currentMethod;
    }

    /** How many closures enclose the node being visited, within the current method. */
    protected int closureDepth() {
        return closureDepth;
    }

    @Override
    protected void visitConstructorOrMethod(MethodNode node, boolean isConstructor) {
        MethodNode outer = currentMethod;
        int depth = closureDepth;
        currentMethod = node;
        closureDepth = 0;
        try {
            visitParameterDefaults(node.getParameters());
            super.visitConstructorOrMethod(node, isConstructor);
        } finally {
            currentMethod = outer;
            closureDepth = depth;
        }
    }

    @Override
    public void visitClosureExpression(ClosureExpression expression) {
        closureDepth++;
        try {
            if (expression.isParameterSpecified()) {
                visitParameterDefaults(expression.getParameters());
            }
            super.visitClosureExpression(expression);
        } finally {
            closureDepth--;
        }
    }

    private void visitParameterDefaults(Parameter[] parameters) {
        if (parameters == null) {
            return;
        }
        for (Parameter p : parameters) {
            if (p.hasInitialExpression()) {
                p.getInitialExpression().visit(this);
            }
        }
    }
}
