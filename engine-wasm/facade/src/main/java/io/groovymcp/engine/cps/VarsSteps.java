package io.groovymcp.engine.cps;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Pattern;

import org.codehaus.groovy.ast.ClassCodeVisitorSupport;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.DynamicVariable;
import org.codehaus.groovy.ast.MethodNode;
import org.codehaus.groovy.ast.ModuleNode;
import org.codehaus.groovy.ast.expr.MethodCallExpression;
import org.codehaus.groovy.ast.expr.VariableExpression;
import org.codehaus.groovy.control.SourceUnit;

/**
 * A shared library's global variables as a pipeline of the same repository sees them: {@code vars/NAME.groovy}
 * compiles to a script class {@code NAME}, and a pipeline's {@code NAME(...)} calls its {@code call} method,
 * {@code NAME.foo()} its method {@code foo} (pipeline-groovy-lib's {@code UserDefinedGlobalVariable}). To the
 * compiler both are dynamic: the name is lower case, so Groovy never tries it as a class. This names the
 * candidates (for the host to look up as {@code vars/NAME.groovy}) and finds the declaration a use leads to.
 */
public final class VarsSteps {
    /** The directory, relative to the repository root, where a library keeps its global variables. */
    public static final String ROOT = "vars";
    /** Most names one pipeline offers for lookup: each costs the host one bounded read. */
    public static final int MAX_NAMES = 64;
    private static final Pattern NAME = Pattern.compile("[a-z][A-Za-z0-9_]*");

    private VarsSteps() {
    }

    /**
     * The names a pipeline file uses as globals: receiverless calls of methods it does not declare, and dynamic
     * variables (those no declaration binds), in source order, at most {@link #MAX_NAMES}. Empty for a file the
     * shell did not treat as a pipeline.
     */
    public static Set<String> names(SourceUnit unit) {
        ModuleNode module = unit == null ? null : unit.getAST();
        Set<String> out = new LinkedHashSet<>();
        if (module == null || module.getNodeMetaData(PipelineShell.class) == null) {
            return out;
        }
        Set<String> declared = new java.util.HashSet<>();
        for (ClassNode cn : module.getClasses()) {
            for (MethodNode m : cn.getMethods()) {
                declared.add(m.getName());
            }
        }
        ClassCodeVisitorSupport v = new ClassCodeVisitorSupport() {
            @Override
            protected SourceUnit getSourceUnit() {
                return unit;
            }

            private void add(String n) {
                if (n != null && out.size() < MAX_NAMES && NAME.matcher(n).matches() && !declared.contains(n)) {
                    out.add(n);
                }
            }

            @Override
            public void visitMethodCallExpression(MethodCallExpression call) {
                if (call.isImplicitThis()) {
                    add(call.getMethodAsString());
                }
                super.visitMethodCallExpression(call);
            }

            @Override
            public void visitVariableExpression(VariableExpression e) {
                if (e.getAccessedVariable() instanceof DynamicVariable) {
                    add(e.getName());
                }
                super.visitVariableExpression(e);
            }
        };
        for (ClassNode cn : module.getClasses()) {
            v.visitClass(cn);
        }
        return out;
    }

    /** Whether {@code uri} is the global variable {@code name} of a library ({@code .../vars/NAME.groovy}). */
    public static boolean defines(String uri, String name) {
        return uri != null && uri.replace('\\', '/').endsWith("/" + ROOT + "/" + name + ".groovy");
    }

    /**
     * What a use leads to in the global variable's own module: the method {@code member} (for {@code NAME.member}),
     * or {@code call} for {@code NAME(...)} and a bare {@code NAME}; the script class when it has no such method.
     */
    public static org.codehaus.groovy.ast.ASTNode target(ModuleNode vars, String member) {
        String wanted = member == null ? "call" : member;
        for (ClassNode cn : vars.getClasses()) {
            if (!cn.isScript()) {
                continue;
            }
            for (MethodNode m : cn.getMethods()) {
                if (m.getName().equals(wanted) && m.getLineNumber() > 0) {
                    return m;
                }
            }
            return member == null ? cn : null;
        }
        return null;
    }
}
