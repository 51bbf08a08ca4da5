package io.groovymcp.lint.rules.groovy;

import java.util.List;

import org.codehaus.groovy.ast.ClassHelper;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.Variable;
import org.codehaus.groovy.ast.expr.BinaryExpression;
import org.codehaus.groovy.ast.expr.BooleanExpression;
import org.codehaus.groovy.ast.expr.ClosureListExpression;
import org.codehaus.groovy.ast.expr.ConstantExpression;
import org.codehaus.groovy.ast.expr.ElvisOperatorExpression;
import org.codehaus.groovy.ast.expr.EmptyExpression;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.expr.NotExpression;
import org.codehaus.groovy.ast.expr.TernaryExpression;
import org.codehaus.groovy.ast.expr.VariableExpression;
import org.codehaus.groovy.ast.stmt.DoWhileStatement;
import org.codehaus.groovy.ast.stmt.ForStatement;
import org.codehaus.groovy.ast.stmt.IfStatement;
import org.codehaus.groovy.ast.stmt.WhileStatement;
import org.codehaus.groovy.syntax.Types;

import io.groovymcp.lint.rules.LintRules;
import io.groovymcp.lint.rules.ast.Ast;
import io.groovymcp.lint.rules.ast.Rule;
import io.groovymcp.lint.rules.ast.Unit;
import io.groovymcp.lint.rules.ast.Walker;

/**
 * {@code groovy/constant-condition}: the condition of an {@code if}, a ternary, a {@code while}, a
 * {@code do ... while} or a classic {@code for} (or an operand of {@code &&}, {@code ||}, {@code !} there) that is a
 * literal ({@code if (true)}, {@code while (false)}, {@code if (null)}), a comparison of two literals
 * ({@code 1 == 2}), or a comparison of a variable with itself ({@code x == x}). Not reported: a loop whose whole
 * condition is a truthy literal ({@code while (true)}, {@code for (;;)}: the idiomatic endless loop, left by a
 * break or return), named constants ({@code if (DEBUG)}: a switch the author flips), {@code x != x} and
 * {@code x == x} on float and double variables (the NaN test), and any comparison that calls code (two calls of
 * one method may differ). Conditions are only those of statements and ternaries: Spock's {@code expect:} and
 * {@code then:} comparisons and {@code where:} tables are neither.
 */
public final class ConstantCondition implements Rule {
    @Override
    public void check(final Unit unit) {
        new Walker(unit.source()) {
            @Override
            public void visitIfElse(IfStatement s) {
                condition(unit, s.getBooleanExpression(), false);
                super.visitIfElse(s);
            }

            @Override
            public void visitWhileLoop(WhileStatement s) {
                condition(unit, s.getBooleanExpression(), true);
                super.visitWhileLoop(s);
            }

            @Override
            public void visitDoWhileLoop(DoWhileStatement s) {
                condition(unit, s.getBooleanExpression(), true);
                super.visitDoWhileLoop(s);
            }

            @Override
            public void visitForLoop(ForStatement s) {
                if (s.getCollectionExpression() instanceof ClosureListExpression) {
                    List<Expression> parts = ((ClosureListExpression) s.getCollectionExpression()).getExpressions();
                    if (parts.size() == 3 && !(parts.get(1) instanceof EmptyExpression)) {
                        condition(unit, parts.get(1), true);
                    }
                }
                super.visitForLoop(s);
            }

            @Override
            public void visitTernaryExpression(TernaryExpression e) {
                if (!(e instanceof ElvisOperatorExpression)) {
                    condition(unit, e.getBooleanExpression(), false);
                }
                super.visitTernaryExpression(e);
            }
        }.walk(unit.module());
    }

    private static Expression unwrap(Expression e) {
        while (e instanceof BooleanExpression && !(e instanceof NotExpression)) {
            e = ((BooleanExpression) e).getExpression();
        }
        return e;
    }

    /** @param loop whether this is a loop's whole condition, where a truthy literal is the idiomatic endless loop */
    private static void condition(Unit unit, Expression condition, boolean loop) {
        Expression e = unwrap(condition);
        if (!Ast.hasPosition(e)) {
            return;
        }
        if (e instanceof ConstantExpression) {
            Object v = ((ConstantExpression) e).getValue();
            if (loop && truthy(v)) {
                return;
            }
            unit.report(LintRules.CONSTANT_CONDITION, "The condition is always " + (truthy(v) ? "true" : "false")
                    + ": it is the constant " + e.getText() + ".", e);
            return;
        }
        operand(unit, e);
    }

    /** Inside a condition: a constant operand of &&, || or !, or a constant comparison. */
    private static void operand(Unit unit, Expression expr) {
        Expression e = unwrap(expr);
        if (e instanceof NotExpression) {
            Expression inner = unwrap(((NotExpression) e).getExpression());
            if (inner instanceof ConstantExpression && Ast.hasPosition(inner)) {
                report(unit, inner, !truthy(((ConstantExpression) inner).getValue()), "the constant " + inner.getText()
                        + " negated");
                return;
            }
            operand(unit, inner);
            return;
        }
        if (!(e instanceof BinaryExpression)) {
            return;
        }
        BinaryExpression b = (BinaryExpression) e;
        int op = b.getOperation().getType();
        Expression l = unwrap(b.getLeftExpression());
        Expression r = unwrap(b.getRightExpression());
        if (op == Types.LOGICAL_AND || op == Types.LOGICAL_OR) {
            for (Expression side : new Expression[] {l, r}) {
                if (side instanceof ConstantExpression && Ast.hasPosition(side)) {
                    unit.report(LintRules.CONSTANT_CONDITION, "This operand of '" + b.getOperation().getText()
                            + "' is the constant " + side.getText() + ".", side);
                } else {
                    operand(unit, side);
                }
            }
            return;
        }
        if (!isComparison(op)) {
            return;
        }
        if (l instanceof ConstantExpression && r instanceof ConstantExpression) {
            unit.report(LintRules.CONSTANT_CONDITION, "The comparison " + b.getText()
                    + " has a constant on both sides.", b);
        } else if (sameVariable(l, r) && (op == Types.COMPARE_EQUAL || op == Types.COMPARE_NOT_EQUAL
                || op == Types.COMPARE_IDENTICAL || op == Types.COMPARE_NOT_IDENTICAL)) {
            String name = ((VariableExpression) l).getName();
            unit.report(LintRules.CONSTANT_CONDITION, "The comparison compares '" + name + "' with itself.", b);
        }
    }

    private static void report(Unit unit, Expression at, boolean value, String what) {
        unit.report(LintRules.CONSTANT_CONDITION, "The condition is always " + value + ": it is " + what + ".", at);
    }

    private static boolean isComparison(int op) {
        return op == Types.COMPARE_EQUAL || op == Types.COMPARE_NOT_EQUAL || op == Types.COMPARE_IDENTICAL
                || op == Types.COMPARE_NOT_IDENTICAL || op == Types.COMPARE_LESS_THAN
                || op == Types.COMPARE_LESS_THAN_EQUAL || op == Types.COMPARE_GREATER_THAN
                || op == Types.COMPARE_GREATER_THAN_EQUAL;
    }

    private static boolean sameVariable(Expression l, Expression r) {
        if (!(l instanceof VariableExpression) || !(r instanceof VariableExpression)) {
            return false;
        }
        VariableExpression a = (VariableExpression) l;
        VariableExpression b = (VariableExpression) r;
        if (a.isThisExpression() || a.isSuperExpression() || !a.getName().equals(b.getName())) {
            return false;
        }
        Variable va = a.getAccessedVariable();
        Variable vb = b.getAccessedVariable();
        if (va == null || va != vb) {
            return false; // unbound (a binding variable, a DSL property) or two different variables
        }
        ClassNode t = ClassHelper.getUnwrapper(va.getOriginType());
        return !ClassHelper.isPrimitiveDouble(t) && !ClassHelper.isPrimitiveFloat(t);
    }

    /** Groovy truth of a literal. */
    private static boolean truthy(Object v) {
        if (v == null) {
            return false;
        }
        if (v instanceof Boolean) {
            return (Boolean) v;
        }
        if (v instanceof Number) {
            return ((Number) v).doubleValue() != 0;
        }
        if (v instanceof CharSequence) {
            return ((CharSequence) v).length() > 0;
        }
        return true;
    }
}
