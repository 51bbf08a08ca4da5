package io.groovymcp.lint.rules.groovy;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.codehaus.groovy.ast.AnnotationNode;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.FieldNode;
import org.codehaus.groovy.ast.MethodNode;
import org.codehaus.groovy.ast.ModuleNode;

import io.groovymcp.lint.rules.LintRules;
import io.groovymcp.lint.rules.ast.Ast;
import io.groovymcp.lint.rules.ast.Rule;
import io.groovymcp.lint.rules.ast.Unit;

/**
 * {@code groovy/unused-private-field} and {@code groovy/unused-private-method}: a private member whose name the compile
 * unit never mentions (see {@link NameUses}). Never reported: members with annotations, generated or synthetic ones,
 * property backing fields, serialization hooks, Groovy's operator and meta-object methods, members of traits and
 * records, and members of classes that carry an annotation other than a few known not to touch members (any other
 * annotation may be an AST transform, a serializer or a framework that reaches fields by reflection).
 */
public final class UnusedPrivateMember implements Rule {
    /** Class annotations known not to read fields or call methods behind the code's back. */
    private static final Set<String> HARMLESS_CLASS_ANNOTATIONS = set(
            "groovy.transform.CompileStatic", "groovy.transform.TypeChecked", "groovy.transform.CompileDynamic",
            "groovy.transform.TypeCheckingMode", "groovy.transform.PackageScope", "groovy.transform.AutoFinal",
            "groovy.transform.InheritConstructors", "groovy.transform.Generated", "groovy.transform.Internal",
            "groovy.util.logging.Slf4j", "groovy.util.logging.Log", "groovy.util.logging.Log4j",
            "groovy.util.logging.Log4j2", "groovy.util.logging.Commons", "groovy.util.logging.PlatformLog",
            "java.lang.Deprecated", "java.lang.SuppressWarnings", "java.lang.FunctionalInterface");

    /** Fields the JVM's serialization reads by name. */
    private static final Set<String> SPECIAL_FIELDS = set("serialVersionUID", "serialPersistentFields");

    /** Methods called by name from outside the code: serialization hooks, Groovy operators and the meta-object protocol. */
    private static final Set<String> SPECIAL_METHODS = set(
            "writeObject", "readObject", "readObjectNoData", "writeReplace", "readResolve", "writeExternal",
            "readExternal", "methodMissing", "propertyMissing", "invokeMethod", "getProperty", "setProperty",
            "getMetaClass", "setMetaClass", "get", "set", "call", "doCall", "plus", "minus", "multiply", "div",
            "mod", "remainder", "power", "or", "and", "xor", "leftShift", "rightShift", "rightShiftUnsigned",
            "next", "previous", "negative", "positive", "bitwiseNegate", "getAt", "putAt", "isCase", "isNotCase",
            "asType", "asBoolean", "compareTo", "equals", "hashCode", "toString", "iterator", "clone",
            "finalize", "main", "run", "in", "implies", "intdiv", "close", "$static_methodMissing",
            "$static_propertyMissing");

    private static Set<String> set(String... names) {
        Set<String> s = new HashSet<>();
        for (String n : names) {
            s.add(n);
        }
        return s;
    }

    /** Drops the name index kept for the last compile unit (see {@link NameUses}). */
    public static void release() {
        NameUses.forget();
    }

    @Override
    public void check(Unit unit) {
        ModuleNode module = unit.module();
        NameUses uses = null;
        for (ClassNode cn : module.getClasses()) {
            if (!candidateClass(cn)) {
                continue;
            }
            for (FieldNode f : cn.getFields()) {
                if (!candidateField(cn, f)) {
                    continue;
                }
                if (uses == null) {
                    uses = NameUses.of(module);
                    if (uses.isDynamic(module)) {
                        return;
                    }
                }
                if (!uses.mentions(f.getName())) {
                    unit.reportAtName(LintRules.UNUSED_PRIVATE_FIELD,
                            "The private field '" + f.getName() + "' is never used.", f, f.getName(), "=;,}\n");
                }
            }
            for (MethodNode m : cn.getMethods()) {
                if (!candidateMethod(m)) {
                    continue;
                }
                if (uses == null) {
                    uses = NameUses.of(module);
                    if (uses.isDynamic(module)) {
                        return;
                    }
                }
                if (!uses.mentions(m.getName()) && !mentionsAsProperty(uses, m.getName())) {
                    unit.reportAtName(LintRules.UNUSED_PRIVATE_METHOD,
                            "The private method '" + m.getName() + "' is never called.", m, m.getName(), "(");
                }
            }
        }
    }

    private static boolean candidateClass(ClassNode cn) {
        if (cn.isInterface() || cn.isAnnotationDefinition() || cn.isRecord() || cn.getName().contains("$Trait$")
                || Ast.hasAnnotation(cn, "groovy.transform.Trait")) {
            return false;
        }
        List<AnnotationNode> annotations = cn.getAnnotations();
        for (AnnotationNode a : annotations) {
            if (!HARMLESS_CLASS_ANNOTATIONS.contains(a.getClassNode().getName())) {
                return false;
            }
        }
        return true;
    }

    private static boolean candidateField(ClassNode cn, FieldNode f) {
        return f.isPrivate() && !f.isSynthetic() && !f.isEnum() && Ast.hasPosition(f) && f.getAnnotations().isEmpty()
                && cn.getProperty(f.getName()) == null && !SPECIAL_FIELDS.contains(f.getName())
                && f.getName().indexOf('$') < 0;
    }

    private static boolean candidateMethod(MethodNode m) {
        return m.isPrivate() && !m.isSynthetic() && !m.isAbstract() && !m.isStaticConstructor()
                && Ast.hasPosition(m) && m.getAnnotations().isEmpty() && !SPECIAL_METHODS.contains(m.getName())
                && m.getName().indexOf('$') < 0 && !m.getName().startsWith("<");
    }

    /** getFoo()/isFoo()/setFoo(x) are reachable as the property 'foo'. */
    private static boolean mentionsAsProperty(NameUses uses, String name) {
        String rest = null;
        if ((name.startsWith("get") || name.startsWith("set")) && name.length() > 3) {
            rest = name.substring(3);
        } else if (name.startsWith("is") && name.length() > 2) {
            rest = name.substring(2);
        }
        if (rest == null) {
            return false;
        }
        String lower = Character.toLowerCase(rest.charAt(0)) + rest.substring(1);
        return uses.mentions(rest) || uses.mentions(lower);
    }
}
