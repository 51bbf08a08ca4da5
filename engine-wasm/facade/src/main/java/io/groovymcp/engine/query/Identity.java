package io.groovymcp.engine.query;

import java.util.List;
import java.util.function.Function;

import org.codehaus.groovy.ast.ASTNode;
import org.codehaus.groovy.ast.ClassHelper;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.ConstructorNode;
import org.codehaus.groovy.ast.FieldNode;
import org.codehaus.groovy.ast.GenericsType;
import org.codehaus.groovy.ast.MethodNode;
import org.codehaus.groovy.ast.Parameter;
import org.codehaus.groovy.ast.PropertyNode;
import org.codehaus.groovy.ast.expr.VariableExpression;

import io.groovymcp.engine.query.resolve.Hierarchy;

/**
 * Declaration identity (owner + name + erased descriptor) and the one-line signatures shown to callers. A field
 * backing a property shares the property's identity, so both spellings of one member are one symbol.
 */
final class Identity {
    private Identity() {
    }

    static String key(Object target, String uri) {
        if (target instanceof ClassNode) {
            ClassNode c = ((ClassNode) target).redirect();
            return "T:" + c.getName();
        }
        if (target instanceof MethodNode) {
            MethodNode m = (MethodNode) target;
            return "M:" + (m.getDeclaringClass() == null ? "?" : m.getDeclaringClass().getName()) + "#"
                    + Hierarchy.descriptor(m);
        }
        if (target instanceof PropertyNode) {
            PropertyNode p = (PropertyNode) target;
            return "P:" + p.getDeclaringClass().getName() + "#" + p.getName();
        }
        if (target instanceof FieldNode) {
            FieldNode f = (FieldNode) target;
            ClassNode owner = f.getDeclaringClass();
            return "P:" + (owner == null ? "?" : owner.getName()) + "#" + f.getName();
        }
        if (target instanceof Parameter || target instanceof VariableExpression) {
            ASTNode n = (ASTNode) target;
            return "V:" + uri + ":" + n.getLineNumber() + ":" + n.getColumnNumber() + ":"
                    + ((org.codehaus.groovy.ast.Variable) target).getName();
        }
        return null;
    }

    static String simple(ClassNode t) {
        if (t == null) {
            return "Object";
        }
        if (t.isArray()) {
            return simple(t.getComponentType()) + "[]";
        }
        if (t.isGenericsPlaceHolder()) {
            return t.getUnresolvedName();
        }
        String n = t.getNameWithoutPackage();
        int d = n.lastIndexOf('$');
        if (d >= 0 && d + 1 < n.length()) {
            n = n.substring(d + 1);
        }
        GenericsType[] gs = t.getGenericsTypes();
        if (gs == null || gs.length == 0) {
            return n;
        }
        StringBuilder sb = new StringBuilder(n);
        appendTypeArguments(sb, gs, Identity::simple);
        return sb.toString();
    }

    /**
     * Appends {@code <A, ? extends B, T>} for type arguments, nothing when there are none. The one rendering of
     * generics shared by the simple names of describe/identity and the qualified names of the AST view; only how
     * each argument's type is named differs.
     */
    static void appendTypeArguments(StringBuilder sb, GenericsType[] gs, Function<ClassNode, String> name) {
        if (gs == null || gs.length == 0) {
            return;
        }
        sb.append('<');
        for (int i = 0; i < gs.length; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            GenericsType g = gs[i];
            if (g.isWildcard()) {
                sb.append('?');
                if (g.getUpperBounds() != null && g.getUpperBounds().length > 0) {
                    sb.append(" extends ").append(name.apply(g.getUpperBounds()[0]));
                } else if (g.getLowerBound() != null) {
                    sb.append(" super ").append(name.apply(g.getLowerBound()));
                }
            } else if (g.isPlaceholder()) {
                sb.append(g.getName());
            } else {
                sb.append(name.apply(g.getType()));
            }
        }
        sb.append('>');
    }

    /** "def" for dynamic declarations, else the simple type name. */
    static String declared(ClassNode t, boolean dynamic) {
        return dynamic ? "def" : simple(t);
    }

    static String params(Parameter[] ps) {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < ps.length; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(param(ps[i]));
        }
        return sb.append(')').toString();
    }

    static String param(Parameter p) {
        return (p.isDynamicTyped() ? "def" : simple(p.getType())) + " " + p.getName();
    }

    static String kindWord(ClassNode c) {
        if (c.isAnnotationDefinition()) {
            return "@interface";
        }
        if (c.isInterface()) {
            for (org.codehaus.groovy.ast.AnnotationNode a : c.getAnnotations()) {
                if ("groovy.transform.Trait".equals(a.getClassNode().getName())) {
                    return "trait";
                }
            }
            return "interface";
        }
        if (c.isEnum()) {
            return "enum";
        }
        if (c.isRecord()) {
            return "record";
        }
        return "class";
    }

    /** Ret Owner.name(T1 p1) / Owner(T1 p1) */
    static String method(MethodNode m) {
        String owner = m.getDeclaringClass() == null ? "" : simple(m.getDeclaringClass().getPlainNodeReference());
        if (m instanceof ConstructorNode) {
            return owner + params(LibraryParameters.of(m));
        }
        String ret = m.isDynamicReturnType() ? "def" : simple(m.getReturnType());
        return (m.isStatic() ? "static " : "") + ret + " " + owner + "." + m.getName() + params(LibraryParameters.of(m));
    }

    static String fqn(Object target) {
        if (target instanceof ClassNode) {
            return ((ClassNode) target).redirect().getName();
        }
        if (target instanceof MethodNode) {
            MethodNode m = (MethodNode) target;
            return m.getDeclaringClass().getName() + "." + (m instanceof ConstructorNode ? "<init>" : m.getName());
        }
        if (target instanceof FieldNode) {
            FieldNode f = (FieldNode) target;
            return f.getDeclaringClass().getName() + "." + f.getName();
        }
        if (target instanceof PropertyNode) {
            PropertyNode p = (PropertyNode) target;
            return p.getDeclaringClass().getName() + "." + p.getName();
        }
        return String.valueOf(target);
    }

    /** One-line signature of any declaration, for describe and external definitions. */
    static String signature(Object target) {
        if (target instanceof ClassNode) {
            ClassNode c = ((ClassNode) target).redirect();
            return kindWord(c) + " " + c.getName();
        }
        if (target instanceof MethodNode) {
            return method((MethodNode) target);
        }
        if (target instanceof PropertyNode) {
            PropertyNode p = (PropertyNode) target;
            return (p.isStatic() ? "static " : "") + declared(p.getType(), p.getField().isDynamicTyped()) + " "
                    + p.getName();
        }
        if (target instanceof FieldNode) {
            FieldNode f = (FieldNode) target;
            ClassNode t = f.getType();
            boolean dyn = f.isDynamicTyped();
            if (dyn && f.getInitialExpression() != null && !ClassHelper.isObjectType(f.getInitialExpression().getType())) {
                t = f.getInitialExpression().getType();
                dyn = false;
            }
            return (f.isStatic() ? "static " : "") + declared(t, dyn) + " " + f.getName();
        }
        if (target instanceof Parameter) {
            return param((Parameter) target);
        }
        return "";
    }

    static boolean sameArity(MethodNode m, int arity) {
        Parameter[] ps = m.getParameters();
        if (arity < 0) {
            return true;
        }
        if (ps.length == arity) {
            return true;
        }
        int required = 0;
        for (Parameter p : ps) {
            if (!p.hasInitialExpression()) {
                required++;
            }
        }
        if (arity >= required && arity <= ps.length) {
            return true;
        }
        return ps.length > 0 && ps[ps.length - 1].getType().isArray() && arity >= ps.length - 1;
    }
}
