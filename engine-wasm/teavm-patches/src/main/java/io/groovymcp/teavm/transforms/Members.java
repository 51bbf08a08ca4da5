package io.groovymcp.teavm.transforms;

import groovy.lang.MissingPropertyException;
import org.codehaus.groovy.ast.AnnotationNode;
import org.codehaus.groovy.ast.expr.ConstantExpression;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.runtime.typehandling.DefaultTypeTransformation;

/** Annotation members read the way Groovy-written transforms read them (dynamic property access, Groovy truth). */
final class Members {
    private Members() {
    }

    /**
     * {@code node.getMember(name)?.value}: the constant's value, null when the member is absent. Any other expression
     * has no {@code value} property, so Groovy's dynamic access fails; so does this, with the runtime's exception.
     */
    static Object value(AnnotationNode node, String name) {
        Expression member = node.getMember(name);
        if (member == null) {
            return null;
        }
        if (member instanceof ConstantExpression) {
            return ((ConstantExpression) member).getValue();
        }
        throw new MissingPropertyException("value", member.getClass());
    }

    /** Groovy truth (null, false, empty strings and zero are false), as the {@code ?:} and {@code if} of Groovy. */
    static boolean truth(Object value) {
        return DefaultTypeTransformation.castToBoolean(value);
    }
}
