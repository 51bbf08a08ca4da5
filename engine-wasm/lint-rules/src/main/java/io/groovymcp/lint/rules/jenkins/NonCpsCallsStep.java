package io.groovymcp.lint.rules.jenkins;

import org.codehaus.groovy.ast.expr.MethodCallExpression;

import io.groovymcp.lint.rules.LintRules;
import io.groovymcp.lint.rules.ast.Ast;
import io.groovymcp.lint.rules.ast.Rule;
import io.groovymcp.lint.rules.ast.Unit;
import io.groovymcp.lint.rules.ast.Walker;

/**
 * {@code jenkins/noncps-calls-step}: a pipeline step called inside a {@code @NonCPS} method (its closures included).
 * Jenkins runs such methods as plain Groovy, where a step cannot suspend the program; the call misbehaves (the
 * method is cut short, "expected to call ... but wound up catching ..."). Only direct calls are found; a @NonCPS
 * method calling a CPS method that calls a step is not followed.
 */
public final class NonCpsCallsStep implements Rule {
    @Override
    public void check(final Unit unit) {
        final PipelineSteps steps = PipelineSteps.of(unit.module());
        new Walker(unit.source()) {
            @Override
            public void visitMethodCallExpression(MethodCallExpression call) {
                if (Cps.isNonCps(currentMethod())) {
                    String step = steps.step(call);
                    if (step != null) {
                        unit.report(LintRules.NONCPS_CALLS_STEP, "The pipeline step '" + step
                                + "' is called from the @NonCPS method '" + currentMethod().getName()
                                + "'; steps cannot run in @NonCPS code.", Ast.nameOf(call));
                    }
                }
                super.visitMethodCallExpression(call);
            }
        }.walk(unit.module());
    }
}
