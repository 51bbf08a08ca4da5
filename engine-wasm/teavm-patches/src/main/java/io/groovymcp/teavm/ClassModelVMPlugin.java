package io.groovymcp.teavm;

import java.lang.reflect.AccessibleObject;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.security.PrivilegedAction;
import java.security.PrivilegedExceptionAction;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import groovy.lang.MetaClass;
import groovy.lang.MetaMethod;
import org.codehaus.groovy.ast.AnnotationNode;
import org.codehaus.groovy.ast.ClassHelper;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.CompileUnit;
import org.codehaus.groovy.ast.ConstructorNode;
import org.codehaus.groovy.ast.FieldNode;
import org.codehaus.groovy.ast.MethodNode;
import org.codehaus.groovy.ast.decompiled.DecompiledClassNode;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.expr.ListExpression;
import org.codehaus.groovy.ast.expr.PropertyExpression;
import org.codehaus.groovy.vmplugin.VMPlugin;

import io.groovymcp.engine.classmodel.LibraryHooks;

/**
 * The VM plugin of the wasm engine. Groovy fills class-backed ClassNodes (String, List, the GDK classes...) through
 * java.lang.reflect, which under TeaVM would describe TeaVM's emulated classlib rather than the JDK and lacks the
 * generic-signature API. This plugin fills them from the class model's stub class files instead, through the same
 * decompiler that resolves every other library type. It implements the interface directly: the stock plugins'
 * static set-up needs the module system and reflection permissions, none of which exist here.
 */
public class ClassModelVMPlugin implements VMPlugin {
    private static final String NEVER_RUNS = "the wasm engine never invokes code";
    private static final Map<String, Integer> TARGETS = new HashMap<>();

    static {
        TARGETS.put("TYPE", AnnotationNode.TYPE_TARGET);
        TARGETS.put("FIELD", AnnotationNode.FIELD_TARGET);
        TARGETS.put("METHOD", AnnotationNode.METHOD_TARGET);
        TARGETS.put("PARAMETER", AnnotationNode.PARAMETER_TARGET);
        TARGETS.put("CONSTRUCTOR", AnnotationNode.CONSTRUCTOR_TARGET);
        TARGETS.put("LOCAL_VARIABLE", AnnotationNode.LOCAL_VARIABLE_TARGET);
        TARGETS.put("ANNOTATION_TYPE", AnnotationNode.ANNOTATION_TARGET);
        TARGETS.put("PACKAGE", AnnotationNode.PACKAGE_TARGET);
        TARGETS.put("TYPE_PARAMETER", AnnotationNode.TYPE_PARAMETER_TARGET);
        TARGETS.put("TYPE_USE", AnnotationNode.TYPE_USE_TARGET);
        TARGETS.put("MODULE", AnnotationNode.TYPE_TARGET);
        TARGETS.put("RECORD_COMPONENT", AnnotationNode.RECORD_COMPONENT_TARGET);
    }

    @Override
    public void setAdditionalClassInformation(ClassNode c) {
        LibraryHooks.applyGenerics(c);
    }

    @Override
    public Class[] getPluginDefaultGroovyMethods() {
        return new Class[] {
            org.codehaus.groovy.vmplugin.v8.PluginDefaultGroovyMethods.class,
            org.codehaus.groovy.vmplugin.v9.PluginDefaultGroovyMethods.class,
            org.codehaus.groovy.vmplugin.v10.PluginDefaultGroovyMethods.class,
        };
    }

    @Override
    public Class[] getPluginStaticGroovyMethods() {
        return new Class[0];
    }

    @Override
    public void configureAnnotationNodeFromDefinition(AnnotationNode definition, AnnotationNode root) {
        String type = definition.getClassNode().getName();
        Expression value = definition.getMember("value");
        if ("java.lang.annotation.Retention".equals(type)) {
            if (value instanceof PropertyExpression) {
                String policy = ((PropertyExpression) value).getPropertyAsString();
                if ("RUNTIME".equals(policy)) {
                    root.setRuntimeRetention(true);
                } else if ("SOURCE".equals(policy)) {
                    root.setSourceRetention(true);
                } else if ("CLASS".equals(policy)) {
                    root.setClassRetention(true);
                }
            }
        } else if ("java.lang.annotation.Target".equals(type) && value instanceof ListExpression) {
            int targets = 0;
            for (Expression e : ((ListExpression) value).getExpressions()) {
                if (!(e instanceof PropertyExpression)) {
                    return;
                }
                Integer t = TARGETS.get(((PropertyExpression) e).getPropertyAsString());
                if (t == null) {
                    return;
                }
                targets |= t;
            }
            root.setAllowedTargets(targets);
        }
    }

    @Override
    public void configureAnnotation(AnnotationNode node) {
        ClassNode type = node.getClassNode();
        for (AnnotationNode definition : type.getAnnotations()) {
            configureAnnotationNodeFromDefinition(definition, node);
        }
        if (!"java.lang.annotation.Retention".equals(type.getName())) {
            configureAnnotationNodeFromDefinition(node, node);
        }
    }

    @Override
    public void configureClassNode(CompileUnit compileUnit, ClassNode classNode) {
        DecompiledClassNode d = LibraryHooks.decompile(classNode.getName());
        if (d == null) {
            // Arrays and primitives have no class file; arrays are Objects that are Cloneable and Serializable, as
            // reflection reports on the JVM. Anything else outside the model is known by name with no members.
            if (classNode.getName().startsWith("[")) {
                classNode.setUnresolvedSuperClass(ClassHelper.OBJECT_TYPE);
                classNode.setInterfaces(new ClassNode[] {ClassHelper.make(Cloneable.class),
                    ClassHelper.make(java.io.Serializable.class)});
            } else {
                classNode.setInterfaces(ClassNode.EMPTY_ARRAY);
            }
            return;
        }
        for (FieldNode f : d.getFields()) {
            FieldNode fn = new FieldNode(f.getName(), f.getModifiers(), f.getType(), classNode,
                    f.getInitialExpression());
            fn.addAnnotations(f.getAnnotations());
            classNode.addField(fn);
        }
        for (MethodNode m : d.getMethods()) {
            MethodNode mn = new MethodNode(m.getName(), m.getModifiers(), m.getReturnType(), m.getParameters(),
                    m.getExceptions(), m.getCode());
            mn.addAnnotations(m.getAnnotations());
            mn.setAnnotationDefault(m.hasAnnotationDefault());
            mn.setGenericsTypes(m.getGenericsTypes());
            mn.setSynthetic(m.isSynthetic());
            classNode.addMethod(mn);
        }
        for (ConstructorNode c : d.getDeclaredConstructors()) {
            ConstructorNode cn = classNode.addConstructor(c.getModifiers(), c.getParameters(), c.getExceptions(),
                    null);
            cn.addAnnotations(c.getAnnotations());
        }
        ClassNode sc = d.getUnresolvedSuperClass(false);
        if (sc != null) {
            classNode.setUnresolvedSuperClass(sc);
        }
        ClassNode[] interfaces = d.getInterfaces();
        classNode.setInterfaces(interfaces == null ? ClassNode.EMPTY_ARRAY : interfaces);
        if (d.getPermittedSubclasses() != null && !d.getPermittedSubclasses().isEmpty()) {
            classNode.setPermittedSubclasses(d.getPermittedSubclasses());
        }
        if (d.getRecordComponents() != null && !d.getRecordComponents().isEmpty()) {
            classNode.setRecordComponents(d.getRecordComponents());
        }
        for (AnnotationNode a : d.getAnnotations()) {
            classNode.addAnnotation(a);
        }
    }

    @Override
    public Map<String, Set<String>> getDefaultImportClasses(String[] packageNames) {
        Map<String, Set<String>> result = new LinkedHashMap<>();
        for (String p : packageNames) {
            result.put(p, LibraryHooks.simpleNamesIn(p));
        }
        return result;
    }

    @Override
    public void invalidateCallSites() {
    }

    @Override
    public Object getInvokeSpecialHandle(Method m, Object receiver) {
        throw new UnsupportedOperationException(NEVER_RUNS);
    }

    @Override
    public Object invokeHandle(Object handle, Object[] args) {
        throw new UnsupportedOperationException(NEVER_RUNS);
    }

    @Override
    public int getVersion() {
        return 17;
    }

    /**
     * Whether Groovy's runtime may list a member in a metaclass (CachedClass filters with this). The stock Java 9
     * plugin answers with module rules: a member of the caller's own module, or of any unnamed module, always; of a
     * named (JDK) module, when the class is public and the member public or protected. Here everything but the JDK is
     * one unnamed module, so the same rule reads as below. Answering false for everything left compiler classes such
     * as ClassNode with metaclasses that have no methods, so the dynamic {@code equals} the type checker reaches
     * through DefaultGroovyMethods.unique failed (an internal error where the JVM reports the compile's own errors).
     */
    @Override
    public boolean checkCanSetAccessible(AccessibleObject accessibleObject, Class<?> callerClass) {
        if (!(accessibleObject instanceof Member)) {
            return false;
        }
        Member member = (Member) accessibleObject;
        Class<?> declaring = member.getDeclaringClass();
        if (!isJdkClass(declaring)) {
            return true;
        }
        int mods = member.getModifiers();
        return Modifier.isPublic(declaring.getModifiers()) && (Modifier.isPublic(mods) || Modifier.isProtected(mods));
    }

    private static boolean isJdkClass(Class<?> c) {
        String n = c.getName();
        return n.startsWith("java.") || n.startsWith("javax.") || n.startsWith("jdk.") || n.startsWith("sun.")
                || n.startsWith("com.sun.");
    }

    @Override
    public boolean checkAccessible(Class<?> callerClass, Class<?> declaringClass, int memberModifiers,
                                   boolean allowIllegalAccess) {
        return false;
    }

    @Override
    public boolean trySetAccessible(AccessibleObject ao) {
        return false;
    }

    @Override
    public MetaMethod transformMetaMethod(MetaClass metaClass, MetaMethod metaMethod, Class<?> caller) {
        return metaMethod;
    }

    @Override
    public MetaMethod transformMetaMethod(MetaClass metaClass, MetaMethod metaMethod) {
        return metaMethod;
    }

    @Override
    public <T> T doPrivileged(PrivilegedAction<T> action) {
        return action.run();
    }

    @Override
    public <T> T doPrivileged(PrivilegedExceptionAction<T> action) {
        try {
            return action.run();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
