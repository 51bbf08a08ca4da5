package io.groovymcp.lint.rules.groovy;

import java.util.List;

import org.codehaus.groovy.ast.expr.BinaryExpression;
import org.codehaus.groovy.ast.expr.BooleanExpression;
import org.codehaus.groovy.ast.expr.ClosureListExpression;
import org.codehaus.groovy.ast.expr.ElvisOperatorExpression;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.expr.NotExpression;
import org.codehaus.groovy.ast.expr.TernaryExpression;
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
 * {@code groovy/assignment-in-condition}: a plain {@code =} as the condition of {@code if}, {@code while},
 * {@code do ... while}, a classic {@code for}, or a ternary, also when it is an operand of {@code &&}, {@code ||} or
 * {@code !} there. Compound assignments ({@code +=}) and comparisons are not assignments-for-'=='. Extra parentheses
 * mark the assignment as intended: {@code while ((line = r.readLine()))} is not reported.
 */
public final class AssignmentInCondition implements Rule {
    @Override
    public void check(final Unit unit) {
        new Walker(unit.source()) {
            @Override
            public void visitIfElse(IfStatement s) {
                condition(unit, s.getBooleanExpression(), 1);
                super.visitIfElse(s);
            }

            @Override
            public void visitWhileLoop(WhileStatement s) {
                condition(unit, s.getBooleanExpression(), 1);
                super.visitWhileLoop(s);
            }

            @Override
            public void visitDoWhileLoop(DoWhileStatement s) {
                condition(unit, s.getBooleanExpression(), 1);
                super.visitDoWhileLoop(s);
            }

            @Override
            public void visitForLoop(ForStatement s) {
                // A classic for (init; condition; update) has its three parts in a ClosureListExpression.
                if (s.getCollectionExpression() instanceof ClosureListExpression) {
                    List<Expression> parts = ((ClosureListExpression) s.getCollectionExpression()).getExpressions();
                    if (parts.size() == 3) {
                        condition(unit, parts.get(1), 1);
                    }
                }
                super.visitForLoop(s);
            }

            @Override
            public void visitTernaryExpression(TernaryExpression e) {
                if (!(e instanceof ElvisOperatorExpression)) {
                    // (a = b) ? x : y needs its parentheses; only a second pair marks intent.
                    condition(unit, e.getBooleanExpression(), 2);
                }
                super.visitTernaryExpression(e);
            }
        }.walk(unit.module());
    }

    /**
     * @param intentParens how many redundant parentheses the parser must have counted around the assignment for it
     *                     to be read as intended
     */
    private static void condition(Unit unit, Expression e, int intentParens) {
        while (e instanceof BooleanExpression && !(e instanceof NotExpression)) {
            e = ((BooleanExpression) e).getExpression();
        }
        if (e instanceof NotExpression) {
            condition(unit, ((NotExpression) e).getExpression(), 2);
            return;
        }
        if (!(e instanceof BinaryExpression)) {
            return;
        }
        BinaryExpression b = (BinaryExpression) e;
        int op = b.getOperation().getType();
        if (op == Types.LOGICAL_AND || op == Types.LOGICAL_OR) {
            condition(unit, b.getLeftExpression(), 2);
            condition(unit, b.getRightExpression(), 2);
        } else if (op == Types.ASSIGN && Ast.extraParentheses(b) < intentParens) {
            unit.report(LintRules.ASSIGNMENT_IN_CONDITION, "The condition is an assignment to "
                    + b.getLeftExpression().getText() + "; did you mean '=='? (Wrap it in an extra pair of "
                    + "parentheses if the assignment is intended.)", b);
        }
    }
}
