package io.groovymcp.lint.rules.groovy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.codehaus.groovy.ast.AnnotationNode;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.ConstructorNode;
import org.codehaus.groovy.ast.MethodNode;
import org.codehaus.groovy.ast.Parameter;
import org.codehaus.groovy.ast.expr.ConstantExpression;
import org.codehaus.groovy.ast.stmt.BlockStatement;
import org.codehaus.groovy.ast.stmt.EmptyStatement;
import org.codehaus.groovy.ast.stmt.ExpressionStatement;
import org.codehaus.groovy.ast.stmt.ReturnStatement;
import org.codehaus.groovy.ast.stmt.Statement;
import org.codehaus.groovy.ast.stmt.ThrowStatement;

import io.groovymcp.lint.rules.LintRules;
import io.groovymcp.lint.rules.ast.Ast;
import io.groovymcp.lint.rules.ast.Hierarchy;
import io.groovymcp.lint.rules.ast.ReferenceWalker;
import io.groovymcp.lint.rules.ast.Rule;
import io.groovymcp.lint.rules.ast.Unit;
import io.groovymcp.lint.rules.spock.Spock;

/**
 * {@code groovy/unused-parameter}: a parameter of a method or constructor that its body never refers to. Only where
 * the signature is the author's own choice; never reported:
 * <ul>
 * <li>methods of interfaces and traits, abstract and native methods, methods without a body;</li>
 * <li>methods that may override or implement another: annotated {@code @Override}, or in a class with a supertype
 * other than Object whose hierarchy the compile cannot fully see or that declares a method of the same name, or
 * overridden by a class of the same file (a hook with a default implementation);</li>
 * <li>bodies that are empty, only throw, or only return a constant (stubs and no-op defaults);</li>
 * <li>{@code main(String[])}, Groovy's meta-object methods ({@code methodMissing}, {@code propertyMissing},
 * {@code invokeMethod}, {@code get}, {@code set}, ...) and operator methods ({@code plus}, {@code getAt}, ...),
 * enum constructors, Spock feature and fixture methods (data variables arrive as parameters);</li>
 * <li>the first parameter of a static method named {@code self} or in a class of static methods only (a category
 * or extension method receives its object there);</li>
 * <li>methods and constructors with an annotation other than Groovy's own transforms and a few known ones (a
 * framework annotation such as {@code @Subscribe} or {@code @DataBoundConstructor} dictates the signature);</li>
 * <li>closure parameters (the calling method dictates them), names starting with '_' or named 'ignore', 'ignored'
 * or 'unused', and any name a reference left unbound (dynamic code).</li>
 * </ul>
 */
public final class UnusedParameter implements Rule {
    private static final Set<String> INTENTIONAL = new HashSet<>(Arrays.asList("ignore", "ignored", "unused"));
    /** Methods the meta-object protocol or the language calls by name with a signature it dictates. */
    private static final Set<String> DICTATED = new HashSet<>(Arrays.asList(
            "methodMissing", "propertyMissing", "$static_methodMissing", "$static_propertyMissing", "invokeMethod",
            "getProperty", "setProperty", "setMetaClass", "get", "set", "writeObject", "readObject",
            "readExternal", "writeExternal", "equals", "compareTo", "main",
            // operator methods: the operand is the dispatch, used or not
            "plus", "minus", "multiply", "div", "mod", "remainder", "power", "or", "and", "xor", "leftShift",
            "rightShift", "rightShiftUnsigned", "getAt", "putAt", "isCase", "isNotCase", "asType", "asBoolean",
            "call", "in", "implies", "intdiv", "next", "previous", "negative", "positive", "bitwiseNegate"));
    /** Annotations known not to dictate a method's signature. */
    private static final Set<String> HARMLESS_ANNOTATIONS = new HashSet<>(Arrays.asList(
            "CompileStatic", "TypeChecked", "CompileDynamic", "PackageScope", "AutoFinal", "Memoized", "Synchronized",
            "NamedVariant", "NamedParam", "NamedDelegate", "Deprecated", "SuppressWarnings", "NonCPS", "Generated",
            "NullCheck", "WithReadLock", "WithWriteLock", "TailRecursive", "ThreadInterrupt", "Canonical"));

    @Override
    public void check(Unit unit) {
        if (!ReferenceWalker.referencesBound(unit)) {
            return;
        }
        Collector c = new Collector(unit);
        c.walk(unit.module());
        for (Map.Entry<MethodNode, ClassNode> e : c.methods.entrySet()) {
            MethodNode m = e.getKey();
            if (!candidate(unit, e.getValue(), m)) {
                continue;
            }
            Parameter[] ps = m.getParameters();
            for (int i = 0; i < ps.length; i++) {
                Parameter p = ps[i];
                String name = p.getName();
                if (i == 0 && m.isStatic() && (name.equals("self") || onlyStatic(e.getValue()))) {
                    continue; // a category or extension method receives its object first
                }
                if (c.isUsed(p) || c.isUnbound(name) || name.startsWith("_")
                        || INTENTIONAL.contains(name) || !Ast.hasPosition(p)) {
                    continue;
                }
                unit.reportAtName(LintRules.UNUSED_PARAMETER, "The parameter '" + name + "' of "
                        + (m instanceof ConstructorNode ? "the constructor" : "'" + m.getName() + "'")
                        + " is never used.", p, name, ",)=\n");
            }
        }
    }

    /** A class of static methods only: the shape of a category class, used with {@code use(...)}. */
    private static boolean onlyStatic(ClassNode cn) {
        for (MethodNode m : cn.getMethods()) {
            if (!m.isStatic() && Ast.hasPosition(m)) {
                return false;
            }
        }
        return true;
    }

    private static boolean candidate(Unit unit, ClassNode cn, MethodNode m) {
        if (m instanceof ConstructorNode && cn.isEnum()) {
            return false; // the enum transform rewrites its constructors' bodies
        }
        if (m.getParameters().length == 0 || !Ast.hasPosition(m) || m.isAbstract() || m.isSynthetic()
                || (m.getModifiers() & java.lang.reflect.Modifier.NATIVE) != 0 || cn.isInterface()
                || isTrait(cn) || (cn.getOuterClass() != null && isTrait(cn.getOuterClass())) || DICTATED.contains(m.getName()) || trivial(m.getCode())
                || Spock.isFeatureMethod(cn, m) || Spock.isFixtureMethod(cn, m) || !harmlessAnnotations(m)) {
            return false;
        }
        if (m instanceof ConstructorNode) {
            return true;
        }
        if (m.isPrivate()) {
            return true; // a private method overrides nothing and nothing overrides it
        }
        return !mayOverride(cn, m) && !overriddenInFile(unit, cn, m);
    }

    private static boolean isTrait(ClassNode cn) {
        for (AnnotationNode a : cn.getAnnotations()) {
            String n = a.getClassNode().getName();
            if ("groovy.transform.Trait".equals(n) || "Trait".equals(n)) {
                return true;
            }
        }
        return false;
    }

    private static boolean harmlessAnnotations(MethodNode m) {
        for (AnnotationNode a : m.getAnnotations()) {
            String n = a.getClassNode().getName();
            String simple = n.substring(n.lastIndexOf('.') + 1);
            if ("Override".equals(simple) || !HARMLESS_ANNOTATIONS.contains(simple)) {
                return false;
            }
        }
        return true;
    }

    /** An empty body, or one statement that only throws or returns a constant. */
    private static boolean trivial(Statement code) {
        if (code == null) {
            return true;
        }
        List<Statement> list = code instanceof BlockStatement ? ((BlockStatement) code).getStatements()
                : java.util.Collections.singletonList(code);
        List<Statement> real = new ArrayList<>();
        for (Statement s : list) {
            if (!(s instanceof EmptyStatement) && Ast.hasPosition(s)) {
                real.add(s);
            }
        }
        if (real.isEmpty()) {
            return true;
        }
        if (real.size() > 1) {
            return false;
        }
        Statement s = real.get(0);
        if (s instanceof ThrowStatement) {
            return true;
        }
        if (s instanceof ReturnStatement) {
            return ((ReturnStatement) s).getExpression() instanceof ConstantExpression;
        }
        return s instanceof ExpressionStatement && ((ExpressionStatement) s).getExpression() instanceof ConstantExpression;
    }

    /**
     * Whether {@code m} may override or implement a supertype's method: some supertype other than Object declares a
     * method of that name, or a supertype is not fully known to this compile (unresolved, or a class whose methods
     * the compile cannot list).
     */
    private static boolean mayOverride(ClassNode cn, MethodNode m) {
        List<ClassNode> todo = new ArrayList<>();
        Hierarchy.addSupertypes(cn, todo);
        Set<ClassNode> seen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        for (int i = 0; i < todo.size(); i++) {
            if (i > Hierarchy.MAX_SUPERTYPES) {
                return true;
            }
            ClassNode t = todo.get(i).redirect();
            if (!seen.add(t) || "java.lang.Object".equals(t.getName())) {
                continue;
            }
            if (Hierarchy.unknown(t)) {
                return true;
            }
            try {
                if (!t.getMethods(m.getName()).isEmpty()) {
                    return true;
                }
            } catch (RuntimeException e) {
                return true;
            }
            Hierarchy.addSupertypes(t, todo);
        }
        return false;
    }

    /** Whether a class of this file extends {@code cn} and declares a method of the same name. */
    private static boolean overriddenInFile(Unit unit, ClassNode cn, MethodNode m) {
        for (ClassNode other : unit.module().getClasses()) {
            if (other == cn || other.getDeclaredMethods(m.getName()).isEmpty()) {
                continue;
            }
            for (ClassNode s = other.getUnresolvedSuperClass(false); s != null; s = s.redirect().getUnresolvedSuperClass(false)) {
                if (s.redirect() == cn) {
                    return true;
                }
                if ("java.lang.Object".equals(s.getName())) {
                    break;
                }
            }
        }
        return false;
    }

    private static final class Collector extends ReferenceWalker {
        final Map<MethodNode, ClassNode> methods = new IdentityHashMap<>();

        Collector(Unit unit) {
            super(unit);
        }

        @Override
        protected void visitConstructorOrMethod(MethodNode node, boolean isConstructor) {
            methods.put(node, currentClass());
            super.visitConstructorOrMethod(node, isConstructor);
        }
    }
}
