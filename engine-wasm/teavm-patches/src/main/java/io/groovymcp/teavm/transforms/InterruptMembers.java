package io.groovymcp.teavm.transforms;

import org.codehaus.groovy.GroovyBugError;
import org.codehaus.groovy.ast.AnnotationNode;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.expr.ClassExpression;
import org.codehaus.groovy.ast.expr.Expression;

/**
 * The class-valued member of the interrupt annotations ({@code thrown}), read as
 * {@code AbstractInterruptibleASTTransformation.getClassAnnotationParameter} reads it. TimedInterrupt's transform
 * calls that protected helper from outside its hierarchy (Groovy ignores access there); Java cannot, so here is the
 * same rule: a class literal gives its type, anything else is the same internal error.
 */
final class InterruptMembers {
    private InterruptMembers() {
    }

    static ClassNode classParameter(AnnotationNode node, String parameterName, ClassNode defaultValue) {
        Expression member = node.getMember(parameterName);
        if (member == null) {
            return defaultValue;
        }
        if (member instanceof ClassExpression) {
            return member.getType();
        }
        throw new GroovyBugError("Internal error: Expecting class value for " + parameterName
                + " annotation parameter. Found " + member + "member");
    }
}
