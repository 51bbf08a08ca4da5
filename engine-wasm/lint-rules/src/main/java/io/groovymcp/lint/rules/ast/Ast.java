package io.groovymcp.lint.rules.ast;

import java.util.List;

import org.codehaus.groovy.ast.ASTNode;
import org.codehaus.groovy.ast.AnnotatedNode;
import org.codehaus.groovy.ast.AnnotationNode;
import org.codehaus.groovy.ast.expr.ConstantExpression;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.expr.MethodCallExpression;
import org.codehaus.groovy.ast.expr.VariableExpression;

/** Small questions about AST nodes that several rules ask. */
public final class Ast {
    private Ast() {
    }

    /** Whether the node came from the source text (transforms and the compiler make nodes without positions). */
    public static boolean hasPosition(ASTNode node) {
        return node != null && node.getLineNumber() > 0 && node.getColumnNumber() > 0
                && node.getLastLineNumber() >= node.getLineNumber();
    }

    /**
     * Whether {@code node} carries an annotation named {@code fqn}, matched on the resolved name or, when the class
     * could not be resolved (a Jenkinsfile compiled without Jenkins on the class path), on the simple name as written.
     */
    public static boolean hasAnnotation(AnnotatedNode node, String fqn) {
        List<AnnotationNode> list = node.getAnnotations();
        if (list == null || list.isEmpty()) {
            return false;
        }
        String simple = fqn.substring(fqn.lastIndexOf('.') + 1);
        for (AnnotationNode a : list) {
            String name = a.getClassNode().getName();
            if (fqn.equals(name) || simple.equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** The method name of a call when it is a plain identifier or string, else null (a dynamic {@code "$x"()} call). */
    public static String methodName(MethodCallExpression call) {
        Expression m = call.getMethod();
        if (m instanceof ConstantExpression && ((ConstantExpression) m).getValue() instanceof String) {
            return (String) ((ConstantExpression) m).getValue();
        }
        return null;
    }

    /** The node to report a call at: its method name when that has a position (a call may span many lines). */
    public static ASTNode nameOf(MethodCallExpression call) {
        return hasPosition(call.getMethod()) ? call.getMethod() : call;
    }

    /** A call written without a receiver ({@code sh 'x'}), whose receiver is the implicit {@code this}. */
    public static boolean isImplicitThisCall(MethodCallExpression call) {
        if (!call.isImplicitThis()) {
            return false;
        }
        Expression o = call.getObjectExpression();
        return o instanceof VariableExpression && ((VariableExpression) o).isThisExpression();
    }

    /** The parser's count of redundant parentheses around an expression (0 when none). */
    public static int extraParentheses(Expression e) {
        Object level = e.getNodeMetaData("_INSIDE_PARENTHESES_LEVEL");
        return level instanceof Number ? ((Number) level).intValue() : 0;
    }
}
