package io.groovymcp.lint.rules.groovy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.codehaus.groovy.ast.Variable;
import org.codehaus.groovy.ast.expr.BinaryExpression;
import org.codehaus.groovy.ast.expr.DeclarationExpression;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.expr.VariableExpression;
import org.codehaus.groovy.ast.stmt.ExpressionStatement;
import org.codehaus.groovy.ast.stmt.Statement;
import org.codehaus.groovy.ast.stmt.TryCatchStatement;
import org.codehaus.groovy.syntax.Types;

import io.groovymcp.lint.rules.LintRules;
import io.groovymcp.lint.rules.ast.Ast;
import io.groovymcp.lint.rules.ast.ReferenceWalker;
import io.groovymcp.lint.rules.ast.Rule;
import io.groovymcp.lint.rules.ast.Unit;

/**
 * {@code groovy/unused-local-variable}: a local declared with {@code def} or a type that no expression ever refers
 * to. Exact because the compiler's variable scoping has already bound every reference (in closures, GStrings,
 * anonymous classes) to its declaration. Reads and writes both count as uses.
 * {@code groovy/unread-local-variable}: a local that is referred to, but only as the target of a plain {@code =}
 * (its value is never read; {@code +=}, {@code ++} and multiple assignment count as reads). Neither rule reports:
 * multiple-assignment declarations ({@code def (a, b) = ...}), try-with-resources variables, annotated declarations
 * ({@code @Field}), names starting with '_' or named 'ignore', 'ignored' or 'unused', and any name that some
 * reference left unbound.
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
        if (!ReferenceWalker.referencesBound(unit)) {
            return;
        }
        Collector c = new Collector(unit);
        c.walk(unit.module());
        for (VariableExpression v : c.declared) {
            if (c.isUnbound(v.getName())) {
                continue;
            }
            if (!c.isUsed(v)) {
                unit.report(LintRules.UNUSED_LOCAL_VARIABLE,
                        "The local variable '" + v.getName() + "' is never used.", v);
            } else if (!c.read.containsKey(v)) {
                unit.report(LintRules.UNREAD_LOCAL_VARIABLE,
                        "The local variable '" + v.getName() + "' is assigned but its value is never read.", v);
            }
        }
    }

    private static final class Collector extends ReferenceWalker {
        final List<VariableExpression> declared = new ArrayList<>();
        /** Variables some expression reads (every use but the target of a plain '='). */
        final Map<Variable, Boolean> read = new IdentityHashMap<>();
        private final Map<Expression, Boolean> resources = new IdentityHashMap<>();

        Collector(Unit unit) {
            super(unit);
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
        public void visitBinaryExpression(BinaryExpression e) {
            Expression left = e.getLeftExpression();
            if (e.getOperation().getType() == Types.ASSIGN && left instanceof VariableExpression
                    && !(e instanceof DeclarationExpression)) {
                Variable target = ((VariableExpression) left).getAccessedVariable();
                if (target != null && target != left) {
                    use(target); // written, not read: x = ... keeps x unread
                    e.getRightExpression().visit(this);
                    return;
                }
            }
            super.visitBinaryExpression(e);
        }

        @Override
        protected void referenced(Variable target, VariableExpression e) {
            read.put(target, Boolean.TRUE);
        }
    }
}
