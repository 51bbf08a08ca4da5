package io.groovymcp.engine.compile;

import java.util.List;

import groovy.lang.GroovyClassLoader;
import org.codehaus.groovy.GroovyBugError;
import org.codehaus.groovy.ast.ClassHelper;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.FieldNode;
import org.codehaus.groovy.ast.expr.CastExpression;
import org.codehaus.groovy.ast.expr.ClassExpression;
import org.codehaus.groovy.ast.expr.ConstantExpression;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.expr.ListExpression;
import org.codehaus.groovy.ast.expr.PropertyExpression;
import org.codehaus.groovy.control.CompilerConfiguration;

/**
 * Evaluates annotation member expressions at compile time without running code. Groovy's type checker does this by
 * compiling the expression into a throw-away class and invoking it, which the wasm engine cannot and must not do;
 * the wasm build routes {@code StaticTypeCheckingSupport.evaluateExpression} here. It folds what annotation values
 * are in practice: literals, string lists, and static final constants such as {@code Closure.DELEGATE_FIRST}.
 */
public final class ConstantEvaluator {
    private ConstantEvaluator() {
    }

    public static Object evaluate(Expression expr, CompilerConfiguration config) {
        return evaluate(expr, config, null);
    }

    public static Object evaluate(Expression expr, CompilerConfiguration config, GroovyClassLoader loader) {
        Expression e = expr instanceof CastExpression ? ((CastExpression) expr).getExpression() : expr;
        if (e instanceof ConstantExpression) {
            return ((ConstantExpression) e).getValue();
        }
        if (e instanceof ListExpression) {
            List<Expression> items = ((ListExpression) e).getExpressions();
            String[] out = new String[items.size()];
            for (int i = 0; i < out.length; i++) {
                Object v = evaluate(items.get(i), config, loader);
                out[i] = v == null ? null : v.toString();
            }
            return out;
        }
        if (e instanceof PropertyExpression) {
            PropertyExpression pe = (PropertyExpression) e;
            Expression owner = pe.getObjectExpression();
            String name = pe.getPropertyAsString();
            if (owner instanceof ClassExpression && name != null) {
                ClassNode type = owner.getType();
                FieldNode f = type.getField(name);
                if (f != null && f.isStatic() && f.isFinal()
                        && f.getInitialExpression() instanceof ConstantExpression) {
                    return ((ConstantExpression) f.getInitialExpression()).getValue();
                }
                if (ClassHelper.CLOSURE_TYPE.equals(type)) {
                    Integer strategy = closureStrategy(name);
                    if (strategy != null) {
                        return strategy;
                    }
                }
            }
        }
        throw new GroovyBugError("the engine evaluates only constant annotation values, not: " + expr.getText());
    }

    /** Closure's resolve strategies, for stubs compiled without ConstantValue attributes. */
    private static Integer closureStrategy(String name) {
        switch (name) {
            case "OWNER_FIRST": return 0;
            case "DELEGATE_FIRST": return 1;
            case "OWNER_ONLY": return 2;
            case "DELEGATE_ONLY": return 3;
            case "TO_SELF": return 4;
            default: return null;
        }
    }
}
