package io.groovymcp.lint.rules.groovy;

import java.util.HashSet;
import java.util.Set;

import org.codehaus.groovy.ast.ClassHelper;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.expr.BinaryExpression;
import org.codehaus.groovy.ast.expr.BooleanExpression;
import org.codehaus.groovy.ast.expr.ClassExpression;
import org.codehaus.groovy.ast.expr.ConstantExpression;
import org.codehaus.groovy.ast.expr.ConstructorCallExpression;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.expr.PropertyExpression;
import org.codehaus.groovy.syntax.Types;
import org.codehaus.groovy.transform.stc.StaticTypesMarker;

import io.groovymcp.lint.rules.LintRules;
import io.groovymcp.lint.rules.ast.Rule;
import io.groovymcp.lint.rules.ast.Unit;
import io.groovymcp.lint.rules.ast.Walker;

/**
 * {@code groovy/unrelated-equals}: {@code ==} or {@code !=} in type-checked code between two kinds of value that
 * Groovy's equality never finds equal. Groovy's {@code ==} is not Java's: numbers compare across types, a number
 * equals a one-character string or a char with that code, a char equals a one-character string, a GString compares
 * by its text with anything comparable (even booleans and enums). What is left, and reported, are only these
 * pairs, checked against the runtime by this module's tests:
 * <ul>
 * <li>boolean with a number, char, string, enum or Class;</li>
 * <li>an enum with another enum type, a number, char, string or Class;</li>
 * <li>a Class with a number, char, string, boolean or enum;</li>
 * <li>a string constant that is not one character long with a number.</li>
 * </ul>
 * Both operand types come from the static type checker (INFERRED_TYPE) or are literals; interfaces, Object, GString,
 * collections and user classes are never judged. Two nulls compare equal, so at least one operand must be a value
 * that cannot be null (a literal, a primitive, a class literal, an enum constant, a constructor call).
 */
public final class UnrelatedEquals implements Rule {
    private static final int NONE = 0;
    private static final int BOOLEAN = 1;
    private static final int NUMBER = 2;
    private static final int CHAR = 3;
    private static final int STRING = 4;
    private static final int ENUM = 5;
    private static final int CLASS = 6;

    /**
     * Final JDK number types only: a user subclass of Number may define compareTo or equals that accept anything.
     */
    private static final Set<String> JDK_NUMBERS = new HashSet<>();
    static {
        String[] names = {
            "java.lang.Byte", "java.lang.Short", "java.lang.Integer", "java.lang.Long", "java.lang.Float",
            "java.lang.Double", "java.math.BigInteger", "java.math.BigDecimal",
        };
        for (String n : names) {
            JDK_NUMBERS.add(n);
        }
    }

    @Override
    public void check(final Unit unit) {
        new Walker(unit.source()) {
            @Override
            public void visitBinaryExpression(BinaryExpression b) {
                int op = b.getOperation().getType();
                if ((op == Types.COMPARE_EQUAL || op == Types.COMPARE_NOT_EQUAL)
                        && b.getNodeMetaData(StaticTypesMarker.INFERRED_TYPE) != null) {
                    judge(unit, b);
                }
                super.visitBinaryExpression(b);
            }
        }.walk(unit.module());
    }

    private static void judge(Unit unit, BinaryExpression b) {
        Expression l = b.getLeftExpression();
        Expression r = b.getRightExpression();
        ClassNode lt = typeOf(l);
        ClassNode rt = typeOf(r);
        if (lt == null || rt == null) {
            return;
        }
        int lc = category(lt);
        int rc = category(rt);
        if (lc == NONE || rc == NONE || !(nonNull(l, lt) || nonNull(r, rt))) {
            return;
        }
        if (!neverEqual(lc, lt, l, rc, rt, r)) {
            return;
        }
        String verdict = b.getOperation().getType() == Types.COMPARE_EQUAL ? "always false" : "always true";
        unit.report(LintRules.UNRELATED_EQUALS, "'" + b.getOperation().getText() + "' between "
                + lt.getNameWithoutPackage() + " and " + rt.getNameWithoutPackage() + " is " + verdict
                + ": Groovy never considers these values equal.", b);
    }

    private static boolean neverEqual(int lc, ClassNode lt, Expression l, int rc, ClassNode rt, Expression r) {
        if (lc == rc) {
            return lc == ENUM && unrelatedEnums(lt, rt);
        }
        if (lc > rc) {
            return neverEqual(rc, rt, r, lc, lt, l);
        }
        // now lc < rc
        switch (lc) {
            case BOOLEAN:
                return true; // with NUMBER, CHAR, STRING, ENUM, CLASS
            case NUMBER:
                if (rc == CHAR) {
                    return false;
                }
                if (rc == STRING) {
                    return isStringConstantNotOneChar(r);
                }
                return true; // ENUM, CLASS
            case CHAR:
                return rc == ENUM || rc == CLASS;
            case STRING:
                return rc == ENUM || rc == CLASS;
            case ENUM:
                return rc == CLASS;
            default:
                return false;
        }
    }

    private static boolean unrelatedEnums(ClassNode a, ClassNode b) {
        ClassNode ra = a.redirect();
        ClassNode rb = b.redirect();
        return !ra.getName().equals(rb.getName()) && !ra.isDerivedFrom(rb) && !rb.isDerivedFrom(ra);
    }

    private static boolean isStringConstantNotOneChar(Expression e) {
        return e instanceof ConstantExpression && ((ConstantExpression) e).getValue() instanceof String
                && ((String) ((ConstantExpression) e).getValue()).length() != 1;
    }

    /** The operand's static type: the checker's inference, else a literal's own type; null when unknown. */
    private static ClassNode typeOf(Expression e) {
        ClassNode t = e.getNodeMetaData(StaticTypesMarker.INFERRED_TYPE);
        if (t != null) {
            return t;
        }
        if (e instanceof ConstantExpression) {
            return ((ConstantExpression) e).getValue() == null ? null : e.getType();
        }
        if (e instanceof ClassExpression) {
            return ClassHelper.CLASS_Type;
        }
        return null;
    }

    private static boolean nonNull(Expression e, ClassNode type) {
        if (e instanceof ConstantExpression) {
            return ((ConstantExpression) e).getValue() != null;
        }
        if (e instanceof ClassExpression || e instanceof ConstructorCallExpression || e instanceof BooleanExpression) {
            return true;
        }
        if (ClassHelper.isPrimitiveType(type) && !ClassHelper.isPrimitiveVoid(type)) {
            return true;
        }
        // Color.RED: an enum constant is never null.
        if (e instanceof PropertyExpression && ((PropertyExpression) e).getObjectExpression() instanceof ClassExpression) {
            ClassNode owner = ((PropertyExpression) e).getObjectExpression().getType().redirect();
            String name = ((PropertyExpression) e).getPropertyAsString();
            return owner.isEnum() && name != null && owner.getField(name) != null && owner.getField(name).isEnum();
        }
        return false;
    }

    private static int category(ClassNode t) {
        if (t == null || t.isArray()) {
            return NONE;
        }
        ClassNode w = ClassHelper.getWrapper(t.redirect()).redirect();
        String name = w.getName();
        if ("java.lang.Boolean".equals(name)) {
            return BOOLEAN;
        }
        if ("java.lang.Character".equals(name)) {
            return CHAR;
        }
        if ("java.lang.String".equals(name)) {
            return STRING;
        }
        if ("java.lang.Class".equals(name)) {
            return CLASS;
        }
        if (JDK_NUMBERS.contains(name)) {
            return NUMBER;
        }
        if (w.isEnum() && !"java.lang.Enum".equals(name)) {
            return ENUM;
        }
        return NONE;
    }
}
