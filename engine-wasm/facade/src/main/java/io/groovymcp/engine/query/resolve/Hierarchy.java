package io.groovymcp.engine.query.resolve;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.codehaus.groovy.ast.ClassHelper;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.ConstructorNode;
import org.codehaus.groovy.ast.MethodNode;
import org.codehaus.groovy.ast.Parameter;

/**
 * A type's supertypes and the methods it reaches through them, as the navigation, completion and rename ops all see
 * them. Only the AST: no index, no buffer.
 */
public final class Hierarchy {
    private Hierarchy() {
    }

    /** The type and all its supertypes, breadth first, each once; an interface without a superclass reaches Object. */
    public static List<ClassNode> supertypes(ClassNode type) {
        List<ClassNode> out = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        List<ClassNode> todo = new ArrayList<>();
        todo.add(type.redirect());
        while (!todo.isEmpty()) {
            ClassNode c = todo.remove(0);
            if (c == null || !seen.add(c.getName())) {
                continue;
            }
            out.add(c);
            if (c.getSuperClass() != null) {
                todo.add(c.getSuperClass().redirect());
            }
            for (ClassNode i : c.getInterfaces()) {
                todo.add(i.redirect());
            }
            if (c.isInterface() && c.getSuperClass() == null) {
                todo.add(ClassHelper.OBJECT_TYPE);
            }
        }
        return out;
    }

    /** Methods of that name on the type and all its supertypes, most specific first, overridden ones dropped. */
    public static List<MethodNode> methods(ClassNode type, String name) {
        List<MethodNode> out = new ArrayList<>();
        Set<String> sigs = new LinkedHashSet<>();
        List<ClassNode> todo = new ArrayList<>();
        Set<String> visited = new LinkedHashSet<>();
        todo.add(type.redirect());
        while (!todo.isEmpty()) {
            ClassNode c = todo.remove(0);
            if (c == null || !visited.add(c.getName())) {
                continue;
            }
            for (MethodNode m : c.getMethods(name)) {
                if (m.isSynthetic()) {
                    continue;
                }
                if (sigs.add(descriptor(m))) {
                    out.add(m);
                }
            }
            ClassNode sup = c.getSuperClass();
            if (sup != null) {
                todo.add(sup.redirect());
            } else if (c.isInterface()) {
                todo.add(ClassHelper.OBJECT_TYPE);
            }
            for (ClassNode i : c.getInterfaces()) {
                todo.add(i.redirect());
            }
        }
        return out;
    }

    /**
     * A method's name and erased parameter types, {@code name(p1,p2)} ({@code <init>} for a constructor): what an
     * override shares with the method it overrides, and the part of its identity after the owner.
     */
    public static String descriptor(MethodNode m) {
        StringBuilder sb = new StringBuilder();
        sb.append(m instanceof ConstructorNode ? "<init>" : m.getName()).append('(');
        Parameter[] ps = m.getParameters();
        for (int i = 0; i < ps.length; i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(ps[i].getType().redirect().getName());
        }
        return sb.append(')').toString();
    }
}
