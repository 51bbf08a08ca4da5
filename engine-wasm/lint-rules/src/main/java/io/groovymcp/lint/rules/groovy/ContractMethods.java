package io.groovymcp.lint.rules.groovy;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.MethodNode;
import org.codehaus.groovy.ast.Parameter;

import io.groovymcp.lint.rules.LintRules;
import io.groovymcp.lint.rules.ast.Ast;
import io.groovymcp.lint.rules.ast.Hierarchy;
import io.groovymcp.lint.rules.ast.Rule;
import io.groovymcp.lint.rules.ast.Unit;

/**
 * Methods whose contract comes in pairs. {@code groovy/equals-hashcode}: a class that declares
 * {@code equals(Object)} without {@code hashCode()}, or the reverse (equal objects then land in different hash
 * buckets; Groovy's own {@code ==} calls equals, so the pair matters for every map and set). A method that a
 * transform generates ({@code @EqualsAndHashCode}, {@code @Canonical}, records) counts as declared; a superclass
 * other than Object that declares the missing method counts too, and a superclass the compile cannot see silences
 * the rule. {@code groovy/compareto-without-comparable}: a class that declares a public one-parameter
 * {@code compareTo} without implementing {@code Comparable} anywhere in its hierarchy: {@code <=>}, {@code sort()}
 * and sorted collections never call it. Interfaces, traits and enums are not checked.
 */
public final class ContractMethods implements Rule {

    @Override
    public void check(Unit unit) {
        for (ClassNode cn : unit.module().getClasses()) {
            if (cn.isInterface() || cn.isEnum() || !Ast.hasPosition(cn) || generatedContract(cn)) {
                continue;
            }
            MethodNode equals = declared(cn, "equals", 1);
            MethodNode hashCode = declared(cn, "hashCode", 0);
            if (equals != null && isObject(equals.getParameters()[0]) && hashCode == null && !inherits(cn, "hashCode", 0)) {
                report(unit, LintRules.EQUALS_HASHCODE, "The class " + cn.getNameWithoutPackage()
                        + " declares equals(Object) but not hashCode(): equal objects must have equal hash codes.",
                        equals);
            } else if (hashCode != null && declaredEquals(cn) == null && !inherits(cn, "equals", 1)) {
                report(unit, LintRules.EQUALS_HASHCODE, "The class " + cn.getNameWithoutPackage()
                        + " declares hashCode() but not equals(Object).", hashCode);
            }
            MethodNode compareTo = declared(cn, "compareTo", 1);
            if (compareTo != null && compareTo.isPublic() && !compareTo.isStatic() && Ast.hasPosition(compareTo)) {
                Boolean comparable = implementsComparable(cn);
                if (Boolean.FALSE.equals(comparable)) {
                    report(unit, LintRules.COMPARETO_WITHOUT_COMPARABLE, "The class " + cn.getNameWithoutPackage()
                            + " declares compareTo but does not implement Comparable, so <=>, sort() and sorted "
                            + "collections do not use it.", compareTo);
                }
            }
        }
    }

    private static void report(Unit unit, String rule, String message, MethodNode m) {
        if (Ast.hasPosition(m)) {
            unit.reportAtName(rule, message, m, m.getName(), "(");
        }
    }

    /**
     * Traits, records, and classes whose equality or order a transform writes: when the compile stopped before
     * the transforms ran (an unresolved class elsewhere in the file), the generated methods are not there yet.
     */
    private static boolean generatedContract(ClassNode cn) {
        return cn.isRecord() || Ast.hasAnnotation(cn, "groovy.transform.Trait")
                || Ast.hasAnnotation(cn, "groovy.transform.EqualsAndHashCode")
                || Ast.hasAnnotation(cn, "groovy.transform.Canonical")
                || Ast.hasAnnotation(cn, "groovy.transform.Immutable")
                || Ast.hasAnnotation(cn, "groovy.transform.RecordType")
                || Ast.hasAnnotation(cn, "groovy.transform.Sortable");
    }

    /** The non-static method {@code name} with {@code arity} parameters that {@code cn} itself declares. */
    private static MethodNode declared(ClassNode cn, String name, int arity) {
        for (MethodNode m : cn.getDeclaredMethods(name)) {
            if (!m.isStatic() && !m.isAbstract() && m.getParameters().length == arity) {
                return m;
            }
        }
        return null;
    }

    /** equals(Object) or equals of an untyped parameter, declared by {@code cn}. */
    private static MethodNode declaredEquals(ClassNode cn) {
        MethodNode m = declared(cn, "equals", 1);
        if (m == null) {
            return null;
        }
        return isObject(m.getParameters()[0]) ? m : null;
    }

    /** Typed Object, as resolved or (when resolution stopped early) as written, or untyped. */
    private static boolean isObject(Parameter p) {
        String n = p.getType().getName();
        return "java.lang.Object".equals(n) || "Object".equals(n);
    }

    /**
     * Whether a superclass other than Object declares the method, or a superclass is unknown to the compile (then
     * it may).
     */
    private static boolean inherits(ClassNode cn, String name, int arity) {
        int n = 0;
        for (ClassNode s = cn.getUnresolvedSuperClass(false); s != null && n < Hierarchy.MAX_SUPERTYPES; n++) {
            ClassNode t = s.redirect();
            if ("java.lang.Object".equals(t.getName())) {
                return false;
            }
            if (Hierarchy.unknown(t)) {
                return true;
            }
            try {
                for (MethodNode m : t.getDeclaredMethods(name)) {
                    if (!m.isStatic() && m.getParameters().length == arity) {
                        return true;
                    }
                }
            } catch (RuntimeException e) {
                return true;
            }
            s = t.getUnresolvedSuperClass(false);
        }
        return n >= Hierarchy.MAX_SUPERTYPES;
    }

    /** TRUE, FALSE, or null when some supertype is unknown to the compile. */
    private static Boolean implementsComparable(ClassNode cn) {
        List<ClassNode> todo = new ArrayList<>();
        todo.add(cn);
        Set<ClassNode> seen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        boolean unknown = false;
        for (int i = 0; i < todo.size() && i < Hierarchy.MAX_SUPERTYPES; i++) {
            ClassNode t = todo.get(i).redirect();
            if (!seen.add(t)) {
                continue;
            }
            String name = t.getName();
            if ("java.lang.Comparable".equals(name) || "Comparable".equals(name)) {
                return Boolean.TRUE;
            }
            if (Hierarchy.unknown(t)) {
                unknown = true;
                continue;
            }
            Hierarchy.addSupertypes(t, todo);
        }
        return unknown || todo.size() >= Hierarchy.MAX_SUPERTYPES ? null : Boolean.FALSE;
    }
}
