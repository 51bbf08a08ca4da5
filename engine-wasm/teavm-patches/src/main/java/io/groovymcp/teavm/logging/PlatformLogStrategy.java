package io.groovymcp.teavm.logging;

import static org.codehaus.groovy.ast.tools.GeneralUtils.args;
import static org.codehaus.groovy.ast.tools.GeneralUtils.callX;
import static org.codehaus.groovy.ast.tools.GeneralUtils.classX;
import static org.codehaus.groovy.ast.tools.GeneralUtils.constX;

import groovy.lang.GroovyClassLoader;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.FieldNode;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.transform.LogASTTransformation;

/**
 * {@code @PlatformLog}: {@code System.Logger log = System.LoggerFinder.getLoggerFinder().getLogger(category,
 * Owner.getModule())}; calls are not wrapped. Groovy's own strategy names {@code System.Logger} and
 * {@code System.LoggerFinder} as class literals, which TeaVM's class library lacks, so this one takes both from the
 * class model by name (the same nodes the JVM's class-backed ones describe).
 */
public final class PlatformLogStrategy extends LogASTTransformation.AbstractLoggingStrategyV2 {
    public PlatformLogStrategy(GroovyClassLoader loader) {
        super(loader);
    }

    @Override
    public FieldNode addLoggerFieldToClass(ClassNode classNode, String logFieldName, String categoryName,
                                           int fieldModifiers) {
        Expression module = callX(classX(classNode), "getModule");
        Expression finder = callX(classX(classNode("java.lang.System$LoggerFinder")), "getLoggerFinder");
        Expression init = callX(finder, "getLogger",
                args(constX(getCategoryName(classNode, categoryName)), module));
        return classNode.addField(logFieldName, fieldModifiers, classNode("java.lang.System$Logger"), init);
    }

    @Override
    public boolean isLoggingMethod(String methodName) {
        return false;
    }

    @Override
    public Expression wrapLoggingMethodCall(Expression logVariable, String methodName, Expression originalExpression) {
        return originalExpression;
    }
}
