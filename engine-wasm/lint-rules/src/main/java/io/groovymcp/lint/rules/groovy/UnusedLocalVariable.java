package io.groovymcp.lint.rules.groovy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.codehaus.groovy.ast.Variable;
import org.codehaus.groovy.ast.expr.DeclarationExpression;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.expr.VariableExpression;
import org.codehaus.groovy.ast.stmt.ExpressionStatement;
import org.codehaus.groovy.ast.stmt.Statement;
import org.codehaus.groovy.ast.stmt.TryCatchStatement;
import org.codehaus.groovy.control.Phases;

import io.groovymcp.lint.rules.LintRules;
import io.groovymcp.lint.rules.ast.Ast;
import io.groovymcp.lint.rules.ast.Rule;
import io.groovymcp.lint.rules.ast.Unit;
import io.groovymcp.lint.rules.ast.Walker;

/**
 * {@code groovy/unused-local-variable}: a local declared with {@code def} or a type that no expression ever refers
 * to. Exact because the compiler's variable scoping has already bound every reference (in closures, GStrings,
 * anonymous classes) to its declaration. Reads and writes both count as uses. Not reported: multiple-assignment
 * declarations ({@code def (a, b) = ...}), try-with-resources variables, annotated declarations ({@code @Field}),
 * names starting with '_' or named 'ignore', 'ignored' or 'unused', and any name that some reference left unbound.
 */
public final class UnusedLocalVariable implements Rule {
    private static final Set<String> INTENTIONAL = new HashSet<>();
    static {
        INTENTIONAL.add("ignore");
        INTENTIONAL.add("ignored");
        INTENTIONAL.add("unused");
    }

    @Override
    public void check(Unit unit) {
        if (unit.source().getPhase() < Phases.SEMANTIC_ANALYSIS) {
            return; // references are bound in semantic analysis
        }
        Collector c = new Collector(unit);
        c.walk(unit.module());
        for (VariableExpression v : c.declared) {
            if (!c.used.containsKey(v) && !c.unbound.contains(v.getName())) {
                unit.report(LintRules.UNUSED_LOCAL_VARIABLE,
                        "The local variable '" + v.getName() + "' is never used.", v);
            }
        }
    }

    private static final class Collector extends Walker {
        final List<VariableExpression> declared = new ArrayList<>();
        final Map<Variable, Boolean> used = new IdentityHashMap<>();
        final Set<String> unbound = new HashSet<>();
        private final Map<Expression, Boolean> resources = new IdentityHashMap<>();

        Collector(Unit unit) {
            super(unit.source());
        }

        @Override
        public void visitTryCatchFinally(TryCatchStatement s) {
            for (Statement r : s.getResourceStatements()) {
                if (r instanceof ExpressionStatement) {
                    resources.put(((ExpressionStatement) r).getExpression(), Boolean.TRUE);
                }
            }
            super.visitTryCatchFinally(s);
        }

        @Override
        public void visitDeclarationExpression(DeclarationExpression e) {
            if (!e.isMultipleAssignmentDeclaration() && e.getAnnotations().isEmpty() && !resources.containsKey(e)) {
                VariableExpression v = e.getVariableExpression();
                String name = v.getName();
                if (Ast.hasPosition(v) && !name.startsWith("_") && !INTENTIONAL.contains(name)) {
                    declared.add(v);
                }
            }
            visitAnnotations(e);
            // The declared variable itself is no use; anything else on either side is visited for references.
            Expression left = e.getLeftExpression();
            if (!(left instanceof VariableExpression)) {
                left.visit(this);
            }
            e.getRightExpression().visit(this);
        }

        @Override
        public void visitVariableExpression(VariableExpression e) {
            Variable target = e.getAccessedVariable();
            if (target == null) {
                unbound.add(e.getName());
            } else if (target != e) {
                used.put(target, Boolean.TRUE);
            }
            super.visitVariableExpression(e);
        }
    }
}
