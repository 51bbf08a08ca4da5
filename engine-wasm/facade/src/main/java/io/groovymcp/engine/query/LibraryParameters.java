package io.groovymcp.engine.query;

import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.ConstructorNode;
import org.codehaus.groovy.ast.MethodNode;
import org.codehaus.groovy.ast.Parameter;
import org.codehaus.groovy.ast.decompiled.DecompiledClassNode;

import io.groovymcp.engine.classmodel.LibraryHooks;

/**
 * Parameters of a method with the names the class model gives them. Library classes that Groovy backs with a real
 * Class (String, List, the GDK) get their members by reflection on the JVM, where parameter names are arg0, arg1...,
 * but from the class model's stubs in WebAssembly, where they are the real names. Every name shown to a user goes
 * through here, so both runtimes show the model's names: the same bytes, and better ones.
 */
final class LibraryParameters {
    private LibraryParameters() {
    }

    static Parameter[] of(MethodNode m) {
        Parameter[] own = m.getParameters();
        ClassNode owner = m.getDeclaringClass();
        if (owner == null || owner.isPrimaryClassNode() || owner.redirect() instanceof DecompiledClassNode
                || own.length == 0) {
            return own;
        }
        DecompiledClassNode model = LibraryHooks.decompile(owner.redirect().getName());
        if (model == null) {
            return own;
        }
        Iterable<? extends MethodNode> candidates = m instanceof ConstructorNode
                ? model.getDeclaredConstructors() : model.getMethods(m.getName());
        for (MethodNode c : candidates) {
            Parameter[] ps = c.getParameters();
            if (ps.length == own.length && sameErasure(ps, own)) {
                return ps;
            }
        }
        return own;
    }

    private static boolean sameErasure(Parameter[] a, Parameter[] b) {
        for (int i = 0; i < a.length; i++) {
            if (!typeName(a[i].getType()).equals(typeName(b[i].getType()))) {
                return false;
            }
        }
        return true;
    }

    /** An erased type name that reads the same for reflection-backed and decompiled nodes (arrays as T[]). */
    static String typeName(ClassNode t) {
        return t.isArray() && t.getComponentType() != null ? typeName(t.getComponentType()) + "[]"
                : t.redirect().getName();
    }

    /** name(erased parameter types), a stable sort key for a method on both runtimes. */
    static String erasure(MethodNode m) {
        StringBuilder sb = new StringBuilder(m.getName()).append('(');
        for (Parameter p : m.getParameters()) {
            sb.append(typeName(p.getType())).append(',');
        }
        return sb.append(')').toString();
    }
}
