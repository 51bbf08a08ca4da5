package io.groovymcp.teavm.logging;

import groovy.lang.GroovyClassLoader;
import org.codehaus.groovy.ast.expr.ArgumentListExpression;
import org.codehaus.groovy.ast.expr.AttributeExpression;
import org.codehaus.groovy.ast.expr.ClassExpression;
import org.codehaus.groovy.ast.expr.ConstantExpression;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.expr.MethodCallExpression;

/**
 * {@code @Log4j} (1.x): {@code org.apache.log4j.Logger log = Logger.getLogger(category)}; trace calls are guarded
 * by {@code isTraceEnabled()}, the others by {@code isEnabledFor(Priority.LEVEL)}.
 */
public final class Log4jStrategy extends FactoryStrategy {
    private static final String PRIORITY_NAME = "org.apache.log4j.Priority";

    public Log4jStrategy(GroovyClassLoader loader) {
        super(loader, "org.apache.log4j.Logger", "org.apache.log4j.Logger", "getLogger",
                "fatal|error|warn|info|debug|trace");
    }

    @Override
    Expression enabled(Expression logVariable, String methodName) {
        if ("trace".equals(methodName)) {
            return super.enabled(logVariable, methodName);
        }
        Expression level = new AttributeExpression(new ClassExpression(classNode(PRIORITY_NAME)),
                new ConstantExpression(methodName.toUpperCase(java.util.Locale.ENGLISH)));
        MethodCallExpression condition = new MethodCallExpression(logVariable, "isEnabledFor",
                new ArgumentListExpression(level));
        condition.setImplicitThis(false);
        return condition;
    }
}
