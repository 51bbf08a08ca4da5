package io.groovymcp.lint.rules.jenkins;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.CodeVisitorSupport;
import org.codehaus.groovy.ast.ModuleNode;
import org.codehaus.groovy.ast.expr.BinaryExpression;
import org.codehaus.groovy.ast.expr.ConstantExpression;
import org.codehaus.groovy.ast.expr.ConstructorCallExpression;
import org.codehaus.groovy.ast.expr.DeclarationExpression;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.expr.MethodCallExpression;
import org.codehaus.groovy.ast.expr.TupleExpression;
import org.codehaus.groovy.ast.expr.VariableExpression;
import org.codehaus.groovy.ast.stmt.BlockStatement;
import org.codehaus.groovy.ast.stmt.ExpressionStatement;
import org.codehaus.groovy.ast.stmt.Statement;
import org.codehaus.groovy.syntax.Types;

import io.groovymcp.lint.rules.LintRules;
import io.groovymcp.lint.rules.ast.Ast;
import io.groovymcp.lint.rules.ast.Rule;
import io.groovymcp.lint.rules.ast.Unit;
import io.groovymcp.lint.rules.ast.Walker;

/**
 * {@code jenkins/non-serializable-local}: a local variable holding a value of a known non-serializable type that is
 * still in scope when a later statement of its block calls a pipeline step that can suspend the program (any step
 * but echo, error, unstable, pwd, isUnix and milestone). Whenever the program suspends, Jenkins serializes its
 * state, all locals in scope included; such a local fails the build with NotSerializableException.
 * <p>
 * The type is known when the variable is declared with it, or initialised with {@code =~}, {@code .matcher(..)},
 * a constructor of it, {@code new JsonSlurper().parse*(..)} (a LazyMap), {@code .iterator()}, or Groovy's
 * {@code newReader()}-style stream openers. A {@code name = null} statement in the block before the step clears
 * the hazard (the usual fix), as does declaring the local in a {@code @NonCPS} method.
 */
public final class NonSerializableLocal implements Rule {
    static final String[] TYPES = {
        "java.util.regex.Matcher", "groovy.json.JsonSlurper", "groovy.json.internal.LazyMap",
        "groovy.json.internal.LazyValueMap", "java.util.Iterator", "java.util.ListIterator", "java.util.Enumeration",
        "java.util.Scanner", "java.lang.Process", "java.net.URLConnection", "java.net.HttpURLConnection",
        "java.util.zip.ZipFile", "groovy.xml.XmlSlurper", "groovy.util.XmlSlurper",
        "groovy.xml.slurpersupport.GPathResult", "groovy.xml.slurpersupport.NodeChild",
        "groovy.xml.slurpersupport.NodeChildren", "groovy.util.slurpersupport.GPathResult",
        "groovy.util.slurpersupport.NodeChild", "groovy.util.slurpersupport.NodeChildren",
    };
    private static final Set<String> KNOWN = new HashSet<>();
    static {
        for (String t : TYPES) {
            KNOWN.add(t);
        }
    }

    /** Groovy's stream openers on File, Path, URL, Socket and Process, and the type each returns. */
    private static final Map<String, String> OPENERS = new HashMap<>();
    static {
        String[] pairs = {
            "newReader", "java.io.BufferedReader", "newWriter", "java.io.BufferedWriter",
            "newPrintWriter", "java.io.PrintWriter", "newInputStream", "java.io.BufferedInputStream",
            "newOutputStream", "java.io.BufferedOutputStream", "newDataInputStream", "java.io.DataInputStream",
            "newDataOutputStream", "java.io.DataOutputStream", "newObjectInputStream", "java.io.ObjectInputStream",
            "newObjectOutputStream", "java.io.ObjectOutputStream", "openStream", "java.io.InputStream",
            "openConnection", "java.net.URLConnection",
        };
        for (int i = 0; i < pairs.length; i += 2) {
            OPENERS.put(pairs[i], pairs[i + 1]);
        }
    }

    @Override
    public void check(final Unit unit) {
        final PipelineSteps steps = PipelineSteps.of(unit.module());
        final ModuleNode module = unit.module();
        new Walker(unit.source()) {
            @Override
            public void visitBlockStatement(BlockStatement block) {
                if (!Cps.isNonCps(currentMethod())) {
                    scan(unit, module, steps, block.getStatements());
                }
                super.visitBlockStatement(block);
            }
        }.walk(module);
    }

    private static void scan(Unit unit, ModuleNode module, PipelineSteps steps, List<Statement> list) {
        for (int i = 0; i < list.size(); i++) {
            DeclarationExpression decl = declaration(list.get(i));
            if (decl == null || decl.isMultipleAssignmentDeclaration()) {
                continue;
            }
            VariableExpression v = decl.getVariableExpression();
            String type = nonSerializableType(module, v, decl.getRightExpression());
            if (type == null) {
                continue;
            }
            for (int j = i + 1; j < list.size(); j++) {
                Statement st = list.get(j);
                if (clears(st, v)) {
                    break;
                }
                MethodCallExpression step = firstStep(steps, st);
                if (step != null) {
                    unit.report(LintRules.NON_SERIALIZABLE_LOCAL, "The local variable '" + v.getName() + "' holds a "
                            + simple(type) + ", which is not serializable, and is still in scope at the '"
                            + Ast.methodName(step) + "' step on line " + step.getLineNumber()
                            + "; set it to null before the step or move its use into a @NonCPS method.", v);
                    break;
                }
            }
        }
    }

    private static String simple(String fqn) {
        return fqn.substring(fqn.lastIndexOf('.') + 1);
    }

    private static DeclarationExpression declaration(Statement st) {
        if (st instanceof ExpressionStatement && ((ExpressionStatement) st).getExpression() instanceof DeclarationExpression) {
            return (DeclarationExpression) ((ExpressionStatement) st).getExpression();
        }
        return null;
    }

    /** {@code v = ...}: the old value is gone (a reassignment to another non-serializable value is not followed). */
    private static boolean clears(Statement st, VariableExpression v) {
        if (!(st instanceof ExpressionStatement)) {
            return false;
        }
        Expression e = ((ExpressionStatement) st).getExpression();
        if (!(e instanceof BinaryExpression) || e instanceof DeclarationExpression) {
            return false;
        }
        BinaryExpression b = (BinaryExpression) e;
        if (b.getOperation().getType() != Types.ASSIGN || !(b.getLeftExpression() instanceof VariableExpression)) {
            return false;
        }
        // Bound to the declaration, or (when the compile stopped before binding) the same name: a block cannot
        // declare the name twice, so a top-level statement of the block naming it means this variable.
        VariableExpression target = (VariableExpression) b.getLeftExpression();
        boolean same = target.getAccessedVariable() == v
                || (target.getAccessedVariable() == null && target.getName().equals(v.getName()));
        return same && b.getRightExpression() instanceof ConstantExpression
                && ((ConstantExpression) b.getRightExpression()).getValue() == null;
    }

    private static MethodCallExpression firstStep(final PipelineSteps steps, Statement st) {
        final MethodCallExpression[] found = new MethodCallExpression[1];
        st.visit(new CodeVisitorSupport() {
            @Override
            public void visitMethodCallExpression(MethodCallExpression call) {
                if (found[0] == null && PipelineSteps.suspends(steps.step(call))) {
                    found[0] = call;
                }
                super.visitMethodCallExpression(call);
            }
        });
        return found[0];
    }

    /** The non-serializable type the variable is known to hold, or null. */
    static String nonSerializableType(ModuleNode module, VariableExpression v, Expression init) {
        if (!v.isDynamicTyped()) {
            String t = known(module, v.getOriginType());
            if (t != null) {
                return t;
            }
        }
        if (init instanceof BinaryExpression && ((BinaryExpression) init).getOperation().getType() == Types.FIND_REGEX) {
            return "java.util.regex.Matcher";
        }
        if (init instanceof ConstructorCallExpression) {
            return known(module, init.getType());
        }
        if (init instanceof MethodCallExpression) {
            MethodCallExpression call = (MethodCallExpression) init;
            String name = Ast.methodName(call);
            int args = argumentCount(call.getArguments());
            if (name == null || call.isImplicitThis()) {
                return null;
            }
            if ("matcher".equals(name) && args == 1) {
                return "java.util.regex.Matcher";
            }
            if ("iterator".equals(name) && args == 0) {
                return "java.util.Iterator";
            }
            if (OPENERS.containsKey(name)) {
                return OPENERS.get(name);
            }
            if ((name.equals("parseText") || name.equals("parse")) && call.getObjectExpression() instanceof ConstructorCallExpression
                    && "groovy.json.JsonSlurper".equals(known(module, call.getObjectExpression().getType()))) {
                return "groovy.json.internal.LazyMap";
            }
        }
        return null;
    }

    private static int argumentCount(Expression args) {
        return args instanceof TupleExpression ? ((TupleExpression) args).getExpressions().size() : 1;
    }

    /** The type's name when it is in the known list or is a java.io reader, writer or stream; else null. */
    private static String known(ModuleNode module, ClassNode type) {
        if (type == null) {
            return null;
        }
        String name = type.redirect().getName();
        if (name.indexOf('.') < 0) {
            // Unresolved (no class path): take the import that names it, if any.
            org.codehaus.groovy.ast.ImportNode imp = module.getImport(name);
            if (imp != null) {
                name = imp.getType().getName();
            }
        }
        if (KNOWN.contains(name)) {
            return name;
        }
        if (name.startsWith("java.io.") && name.indexOf('.', 8) < 0 && (name.endsWith("Reader")
                || name.endsWith("Writer") || name.endsWith("InputStream") || name.endsWith("OutputStream"))) {
            return name;
        }
        return null;
    }
}
