package io.groovymcp.lint.rules.ast;

import org.codehaus.groovy.ast.ClassCodeVisitorSupport;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.MethodNode;
import org.codehaus.groovy.ast.ModuleNode;
import org.codehaus.groovy.ast.Parameter;
import org.codehaus.groovy.ast.expr.ClosureExpression;
import org.codehaus.groovy.ast.stmt.BlockStatement;
import org.codehaus.groovy.ast.stmt.Statement;
import org.codehaus.groovy.control.SourceUnit;

import io.groovymcp.lint.rules.spock.Spock;

/**
 * Visits every class of a module (the script class, inner and anonymous classes included) with everything in it:
 * annotations, field and property initializers, parameter defaults, methods, constructors, initializers, closures.
 * Knows the class and method it is in, and in a Spock feature method the block ({@code when}, {@code then}, ...).
 */
public abstract class Walker extends ClassCodeVisitorSupport {
    private final SourceUnit source;
    private ClassNode currentClass;
    private MethodNode currentMethod;
    private int closureDepth;
    private Statement featureBody;
    private String spockBlock;

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

    /**
     * The Spock block of the statement being visited ({@code "when"}, {@code "then"}, ...; an {@code and:} block
     * counts as the block it continues), or null outside a feature method or before its first label.
     */
    protected String spockBlock() {
        return spockBlock;
    }

    /** Whether the current method is a Spock feature method (see {@link Spock#isFeatureMethod}). */
    protected boolean inFeatureMethod() {
        return featureBody != null;
    }

    /** Whether {@code block} is the body of the Spock feature method being visited, whose statements hold labels. */
    protected boolean isFeatureBody(BlockStatement block) {
        return featureBody != null && block == featureBody;
    }

    @Override
    protected void visitConstructorOrMethod(MethodNode node, boolean isConstructor) {
        MethodNode outer = currentMethod;
        int depth = closureDepth;
        Statement outerFeature = featureBody;
        String outerBlock = spockBlock;
        currentMethod = node;
        closureDepth = 0;
        featureBody = !isConstructor && currentClass != null && Spock.isFeatureMethod(currentClass, node)
                ? node.getCode() : null;
        spockBlock = null;
        try {
            visitParameterDefaults(node.getParameters());
            super.visitConstructorOrMethod(node, isConstructor);
        } finally {
            currentMethod = outer;
            closureDepth = depth;
            featureBody = outerFeature;
            spockBlock = outerBlock;
        }
    }

    @Override
    public void visitBlockStatement(BlockStatement block) {
        if (block != featureBody || featureBody == null) {
            super.visitBlockStatement(block);
            return;
        }
        visitStatement(block);
        for (Statement st : block.getStatements()) {
            String label = Spock.label(st);
            if (label != null && !"and".equals(label)) {
                // combined: and filter: belong to the data-driven part that where: starts
                spockBlock = "combined".equals(label) || "filter".equals(label) ? "where" : label;
            }
            st.visit(this);
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
