package io.groovymcp.lint.rules.jenkins;

import java.util.HashSet;
import java.util.Set;

import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.MethodNode;
import org.codehaus.groovy.ast.ModuleNode;
import org.codehaus.groovy.ast.expr.ClosureExpression;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.expr.MethodCallExpression;
import org.codehaus.groovy.ast.expr.TupleExpression;

import io.groovymcp.lint.rules.LintRules;
import io.groovymcp.lint.rules.ast.Ast;
import io.groovymcp.lint.rules.ast.Rule;
import io.groovymcp.lint.rules.ast.Unit;
import io.groovymcp.lint.rules.ast.Walker;

/**
 * {@code jenkins/cps-closure-step}: a closure literal passed, in CPS code, to a method that the pipeline's CPS
 * runtime does not transform. Such a method calls the CPS-transformed closure from plain Java or Groovy: the call
 * returns the wrong value, and a pipeline step inside does not run as written (JENKINS-44924).
 * <p>
 * Which methods: workflow-cps (since 2.33, JENKINS-26481) ships CPS-translated versions of the Groovy methods most
 * used with closures — each, eachWithIndex, collect, collectEntries, find, findAll, any, every, inject, groupBy,
 * sum, min, max, ... — so closures passed to those work, steps included, and are not reported. What it does not
 * translate, and this rule reports: the sorting and uniqueness methods (sort, toSorted, unique, toUnique), the
 * line, file and stream iterators (eachLine, splitEachLine, eachFile..., withReader..., withCloseable), tap,
 * dropWhile, and Java's functional methods taking a closure as a lambda (forEach, removeIf, computeIfAbsent,
 * computeIfPresent). Calls without a receiver, and names the file declares as its own methods, are not judged.
 */
public final class CpsClosureStep implements Rule {
    static final String[] NOT_TRANSFORMED = {
        "sort", "toSorted", "unique", "toUnique", "eachLine", "splitEachLine", "eachFile", "eachFileRecurse",
        "eachFileMatch", "eachDir", "eachDirRecurse", "eachDirMatch", "traverse", "withReader", "withWriter",
        "withWriterAppend", "withPrintWriter", "withInputStream", "withOutputStream", "withDataInputStream",
        "withDataOutputStream", "withObjectInputStream", "withObjectOutputStream", "withStream", "withCloseable",
        "eachObject", "tap", "dropWhile", "forEach", "removeIf", "computeIfAbsent", "computeIfPresent",
    };
    private static final Set<String> NAMES = new HashSet<>();
    static {
        for (String n : NOT_TRANSFORMED) {
            NAMES.add(n);
        }
    }

    @Override
    public void check(final Unit unit) {
        final PipelineSteps steps = PipelineSteps.of(unit.module());
        final Set<String> declared = declaredMethods(unit.module());
        new Walker(unit.source()) {
            @Override
            public void visitMethodCallExpression(MethodCallExpression call) {
                String name = Ast.methodName(call);
                if (name != null && NAMES.contains(name) && !declared.contains(name) && !call.isImplicitThis()
                        && !Cps.isNonCps(currentMethod())) {
                    ClosureExpression closure = closureArgument(call.getArguments());
                    if (closure != null) {
                        String step = firstStep(steps, closure);
                        String message = "The closure passed to " + name + "() is CPS-transformed but " + name
                                + "() is not, so it does not run as written in a pipeline"
                                + (step == null ? "" : " (its '" + step + "' step included)")
                                + "; move the call into a @NonCPS method"
                                + (step == null ? "" : " without steps") + " or use a for loop.";
                        unit.report(LintRules.CPS_CLOSURE_STEP, message, Ast.nameOf(call));
                    }
                }
                super.visitMethodCallExpression(call);
            }
        }.walk(unit.module());
    }

    private static Set<String> declaredMethods(ModuleNode module) {
        Set<String> s = new HashSet<>();
        for (ClassNode cn : module.getClasses()) {
            for (MethodNode m : cn.getMethods()) {
                s.add(m.getName());
            }
        }
        return s;
    }

    private static ClosureExpression closureArgument(Expression args) {
        if (args instanceof TupleExpression) {
            for (Expression a : ((TupleExpression) args).getExpressions()) {
                if (a instanceof ClosureExpression) {
                    return (ClosureExpression) a;
                }
            }
        }
        return null;
    }

    /** The first pipeline step called inside the closure, or null. */
    static String firstStep(final PipelineSteps steps, ClosureExpression closure) {
        final String[] found = new String[1];
        closure.getCode().visit(new org.codehaus.groovy.ast.CodeVisitorSupport() {
            @Override
            public void visitMethodCallExpression(MethodCallExpression call) {
                if (found[0] == null) {
                    found[0] = steps.step(call);
                }
                super.visitMethodCallExpression(call);
            }
        });
        return found[0];
    }
}
