package io.groovymcp.teavm.logging;

import java.util.Locale;

import groovy.lang.GroovyClassLoader;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.FieldNode;
import org.codehaus.groovy.ast.expr.ArgumentListExpression;
import org.codehaus.groovy.ast.expr.BooleanExpression;
import org.codehaus.groovy.ast.expr.ClassExpression;
import org.codehaus.groovy.ast.expr.ConstantExpression;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.expr.MethodCallExpression;
import org.codehaus.groovy.ast.expr.TernaryExpression;
import org.codehaus.groovy.transform.LogASTTransformation;

/**
 * The shape shared by Groovy's factory-based logging strategies: a field {@code LOGGER log = FACTORY.method(category)}
 * and calls wrapped as {@code log.isXxxEnabled() ? call : null}. Class nodes are looked up with the strategy's own
 * {@code classNode(name)}, which fails with the JVM's "Unable to load class" error when the logging library is not
 * on the class path (in the engine: not in the class model), exactly as on the JVM.
 */
abstract class FactoryStrategy extends LogASTTransformation.AbstractLoggingStrategyV2 {
    private final String loggerName;
    private final String factoryName;
    private final String factoryMethod;
    private final String methods;

    FactoryStrategy(GroovyClassLoader loader, String loggerName, String factoryName, String factoryMethod,
                    String methods) {
        super(loader);
        this.loggerName = loggerName;
        this.factoryName = factoryName;
        this.factoryMethod = factoryMethod;
        this.methods = methods;
    }

    @Override
    public FieldNode addLoggerFieldToClass(ClassNode classNode, String logFieldName, String categoryName,
                                           int fieldModifiers) {
        return classNode.addField(logFieldName, fieldModifiers, classNode(loggerName),
                new MethodCallExpression(new ClassExpression(classNode(factoryName)), factoryMethod,
                        new ConstantExpression(getCategoryName(classNode, categoryName))));
    }

    @Override
    public boolean isLoggingMethod(String methodName) {
        return methodName.matches(methods);
    }

    @Override
    public Expression wrapLoggingMethodCall(Expression logVariable, String methodName, Expression originalExpression) {
        return new TernaryExpression(new BooleanExpression(enabled(logVariable, methodName)), originalExpression,
                ConstantExpression.NULL);
    }

    /** {@code log.isXxxEnabled()}. */
    Expression enabled(Expression logVariable, String methodName) {
        MethodCallExpression condition = new MethodCallExpression(logVariable,
                "is" + methodName.substring(0, 1).toUpperCase(Locale.ENGLISH) + methodName.substring(1) + "Enabled",
                ArgumentListExpression.EMPTY_ARGUMENTS);
        condition.setImplicitThis(false);
        return condition;
    }
}
