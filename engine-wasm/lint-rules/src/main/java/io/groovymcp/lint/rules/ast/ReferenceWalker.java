package io.groovymcp.lint.rules.ast;

import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

import org.codehaus.groovy.ast.Variable;
import org.codehaus.groovy.ast.expr.VariableExpression;
import org.codehaus.groovy.control.Phases;

/**
 * A {@link Walker} that records which variables (locals, parameters) some expression refers to, through the
 * compiler's own binding of each reference to its declaration, and which names stayed unbound (dynamic).
 */
public abstract class ReferenceWalker extends Walker {
    private final Map<Variable, Boolean> used = new IdentityHashMap<>();
    private final Set<String> unbound = new HashSet<>();

    protected ReferenceWalker(Unit unit) {
        super(unit.source());
    }

    /**
     * Whether the compile bound references to declarations: semantic analysis finished. A file whose compile stopped
     * at an unresolved class has no binding, and the rules that need it stay silent there.
     */
    public static boolean referencesBound(Unit unit) {
        return unit.source().getPhase() >= Phases.SEMANTIC_ANALYSIS;
    }

    /** Whether some expression refers to {@code v} (reads and writes both count). */
    public boolean isUsed(Variable v) {
        return used.containsKey(v);
    }

    /** Whether some reference of that name was left unbound: it may be any variable of the name. */
    public boolean isUnbound(String name) {
        return unbound.contains(name);
    }

    /** Records {@code target} as used, for references the subclass handles itself (the target of an '='). */
    protected void use(Variable target) {
        used.put(target, Boolean.TRUE);
    }

    /** Called for every bound reference of a variable other than its declaration. */
    protected void referenced(Variable target, VariableExpression e) {
    }

    @Override
    public void visitVariableExpression(VariableExpression e) {
        Variable target = e.getAccessedVariable();
        if (target == null) {
            unbound.add(e.getName());
        } else if (target != e) {
            used.put(target, Boolean.TRUE);
            referenced(target, e);
        }
        super.visitVariableExpression(e);
    }
}
