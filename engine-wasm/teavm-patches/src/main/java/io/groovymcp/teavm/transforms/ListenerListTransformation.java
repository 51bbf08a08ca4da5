package io.groovymcp.teavm.transforms;

import static org.codehaus.groovy.ast.tools.GeneralUtils.args;
import static org.codehaus.groovy.ast.tools.GeneralUtils.assignS;
import static org.codehaus.groovy.ast.tools.GeneralUtils.callX;
import static org.codehaus.groovy.ast.tools.GeneralUtils.castX;
import static org.codehaus.groovy.ast.tools.GeneralUtils.constX;
import static org.codehaus.groovy.ast.tools.GeneralUtils.ctorX;
import static org.codehaus.groovy.ast.tools.GeneralUtils.declS;
import static org.codehaus.groovy.ast.tools.GeneralUtils.equalsNullX;
import static org.codehaus.groovy.ast.tools.GeneralUtils.ifS;
import static org.codehaus.groovy.ast.tools.GeneralUtils.localVarX;
import static org.codehaus.groovy.ast.tools.GeneralUtils.notNullX;
import static org.codehaus.groovy.ast.tools.GeneralUtils.param;
import static org.codehaus.groovy.ast.tools.GeneralUtils.returnS;
import static org.codehaus.groovy.ast.tools.GeneralUtils.stmt;
import static org.codehaus.groovy.ast.tools.GeneralUtils.varX;

import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

import groovy.lang.MissingMethodException;
import org.codehaus.groovy.ast.ASTNode;
import org.codehaus.groovy.ast.AnnotatedNode;
import org.codehaus.groovy.ast.AnnotationNode;
import org.codehaus.groovy.ast.ClassHelper;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.FieldNode;
import org.codehaus.groovy.ast.GenericsType;
import org.codehaus.groovy.ast.MethodNode;
import org.codehaus.groovy.ast.Parameter;
import org.codehaus.groovy.ast.VariableScope;
import org.codehaus.groovy.ast.expr.ListExpression;
import org.codehaus.groovy.ast.stmt.BlockStatement;
import org.codehaus.groovy.ast.stmt.ForStatement;
import org.codehaus.groovy.ast.stmt.ReturnStatement;
import org.codehaus.groovy.ast.stmt.Statement;
import org.codehaus.groovy.control.CompilePhase;
import org.codehaus.groovy.control.SourceUnit;
import org.codehaus.groovy.control.messages.SyntaxErrorMessage;
import org.codehaus.groovy.runtime.typehandling.GroovyCastException;
import org.codehaus.groovy.syntax.SyntaxException;
import org.codehaus.groovy.transform.ASTTransformation;
import org.codehaus.groovy.transform.GroovyASTTransformation;

/**
 * {@code @groovy.beans.ListenerList} for the wasm build. Groovy's transform is dynamic Groovy, whose call sites TeaVM
 * cannot link; this is the same algorithm in Java: on a {@code Collection<L>} field it adds
 * {@code add<Name>(L)}, {@code remove<Name>(L)}, {@code get<Name>s()} and one {@code fire<Method>(...)} per public
 * instance method of {@code L}, built from the same AST nodes in the same order, and reports the same four errors
 * (not a collection, no type argument, a wildcard, a method that already exists). The parity corpus compares it with
 * Groovy's own on the JVM.
 */
@GroovyASTTransformation(phase = CompilePhase.CANONICALIZATION)
public final class ListenerListTransformation implements ASTTransformation {
    private static final String ANNOTATION = "groovy.beans.ListenerList";
    private static final ClassNode COLLECTION_TYPE = ClassHelper.make(Collection.class);

    @Override
    public void visit(ASTNode[] nodes, SourceUnit source) {
        if (!(nodes[0] instanceof AnnotationNode) || !(nodes[1] instanceof AnnotatedNode)) {
            throw new RuntimeException("Internal error: wrong types");
        }
        AnnotationNode node = (AnnotationNode) nodes[0];
        // The annotation targets fields only, but that is checked after the phases the compiler runs here: an
        // annotated local declaration reaches the transform, whose typed assignment fails as Groovy's does.
        if (!(nodes[1] instanceof FieldNode)) {
            throw new GroovyCastException(nodes[1], FieldNode.class);
        }
        FieldNode field = (FieldNode) nodes[1];
        ClassNode declaringClass = field.getDeclaringClass();
        ClassNode parentClass = field.getType();

        if (!parentClass.isDerivedFrom(COLLECTION_TYPE) && !parentClass.implementsInterface(COLLECTION_TYPE)) {
            addError(node, source, "@" + ANNOTATION + " can only annotate collection properties.");
            return;
        }
        GenericsType[] types = field.getType().getGenericsTypes();
        if (types == null || types.length == 0) {
            addError(node, source, "@" + ANNOTATION + " fields must have a generic type.");
            return;
        }
        if (types[0].isWildcard()) {
            addError(node, source, "@" + ANNOTATION + " fields with generic wildcards not yet supported.");
            return;
        }
        ClassNode listener = types[0].getType();
        if (field.getInitialValueExpression() == null) {
            field.setInitialValueExpression(new ListExpression());
        }
        Object nameValue = Members.value(node, "name");
        if (Members.truth(nameValue) && !(nameValue instanceof CharSequence)) {
            // Groovy passes the value on to a String parameter; a number there matches no method.
            throw new MissingMethodException("addAddListener", getClass(), new Object[] {source, node,
                    declaringClass, field, listener, nameValue, Members.value(node, "synchronize")});
        }
        String name = Members.truth(nameValue) ? nameValue.toString() : listener.getNameWithoutPackage();

        List<MethodNode> fireList = new ArrayList<>();
        for (MethodNode m : listener.getMethods()) {
            if (m.isPublic() && !m.isSynthetic() && !m.isStatic()) {
                fireList.add(m);
            }
        }
        Object synchronizeValue = Members.value(node, "synchronize");
        boolean synchronize = Members.truth(synchronizeValue);
        addAddListener(source, node, declaringClass, field, listener, name, synchronize);
        addRemoveListener(source, node, declaringClass, field, listener, name, synchronize);
        addGetListeners(source, node, declaringClass, field, listener, name, synchronize);
        for (MethodNode method : fireList) {
            if (synchronize && !(synchronizeValue instanceof Boolean)) {
                // Groovy hands the member's value itself to the fire methods' boolean parameter: a truthy value that
                // is not a Boolean ('yes', 1) matches no method, after the other three were added.
                throw new MissingMethodException("addFireMethods", getClass(), new Object[] {source, node,
                        declaringClass, field, types, synchronizeValue, method});
            }
            addFireMethods(source, node, declaringClass, field, types, synchronize, method);
        }
    }

    private static void addError(AnnotationNode node, SourceUnit source, String message) {
        source.getErrorCollector().addError(new SyntaxErrorMessage(
                new SyntaxException(message, node.getLineNumber(), node.getColumnNumber()), source));
    }

    private static int modifiers(boolean synchronize) {
        return synchronize ? Modifier.PUBLIC | Modifier.SYNCHRONIZED : Modifier.PUBLIC;
    }

    private static boolean conflicts(SourceUnit source, AnnotationNode node, ClassNode declaringClass,
                                     String methodName, Parameter[] parameters) {
        if (declaringClass.hasMethod(methodName, parameters)) {
            addError(node, source, "Conflict using @" + ANNOTATION + ". Class " + declaringClass.getName()
                    + " already has method " + methodName);
            return true;
        }
        return false;
    }

    /** The listener type as a fresh node redirecting to it, as Groovy's parameter types are. */
    private static Parameter[] listenerParameter(ClassNode listener) {
        ClassNode cn = ClassHelper.makeWithoutCaching(listener.getName());
        cn.setRedirect(listener);
        return new Parameter[] {param(cn, "listener")};
    }

    /** {@code add}/{@code remove}: ignore null, create the list if it is null, then call the list's method. */
    private static void addListenerMethod(String prefix, String listMethod, SourceUnit source, AnnotationNode node,
                                          ClassNode declaringClass, FieldNode field, ClassNode listener, String name,
                                          boolean synchronize) {
        ClassNode returnType = ClassHelper.make(Void.TYPE);
        String methodName = prefix + capitalize(name);
        Parameter[] parameters = listenerParameter(listener);
        if (conflicts(source, node, declaringClass, methodName, parameters)) {
            return;
        }
        BlockStatement block = new BlockStatement();
        block.addStatements(Arrays.<Statement>asList(
                ifS(equalsNullX(varX("listener")), ReturnStatement.RETURN_NULL_OR_VOID),
                ifS(equalsNullX(varX(field.getName())), assignS(varX(field.getName()), new ListExpression())),
                stmt(callX(varX(field.getName()), constX(listMethod), args(varX("listener"))))));
        declaringClass.addMethod(new MethodNode(methodName, modifiers(synchronize), returnType, parameters,
                new ClassNode[0], block));
    }

    private static void addAddListener(SourceUnit source, AnnotationNode node, ClassNode declaringClass,
                                       FieldNode field, ClassNode listener, String name, boolean synchronize) {
        addListenerMethod("add", "add", source, node, declaringClass, field, listener, name, synchronize);
    }

    private static void addRemoveListener(SourceUnit source, AnnotationNode node, ClassNode declaringClass,
                                          FieldNode field, ClassNode listener, String name, boolean synchronize) {
        addListenerMethod("remove", "remove", source, node, declaringClass, field, listener, name, synchronize);
    }

    /** {@code get<Name>s()}: a copy of the list as an array of the listener type. */
    private static void addGetListeners(SourceUnit source, AnnotationNode node, ClassNode declaringClass,
                                        FieldNode field, ClassNode listener, String name, boolean synchronize) {
        ClassNode returnType = listener.makeArray();
        String methodName = "get" + capitalize(name) + "s";
        Parameter[] parameters = new Parameter[0];
        if (conflicts(source, node, declaringClass, methodName, parameters)) {
            return;
        }
        BlockStatement block = new BlockStatement();
        block.addStatements(Arrays.<Statement>asList(
                declS(localVarX("__result", ClassHelper.dynamicType()), new ListExpression()),
                ifS(notNullX(varX(field.getName())),
                        stmt(callX(varX("__result"), constX("addAll"), args(varX(field.getName()))))),
                returnS(castX(returnType, varX("__result")))));
        declaringClass.addMethod(new MethodNode(methodName, modifiers(synchronize), returnType, parameters,
                new ClassNode[0], block));
    }

    /**
     * {@code fire<Method>(args)}: calls the method on a copy of the list. The parameters are the listener method's,
     * boxed; the conflict check uses the unboxed ones, as Groovy's does.
     */
    private static void addFireMethods(SourceUnit source, AnnotationNode node, ClassNode declaringClass,
                                       FieldNode field, GenericsType[] types, boolean synchronize, MethodNode method) {
        ClassNode returnType = ClassHelper.make(Void.TYPE);
        String methodName = "fire" + capitalize(method.getName());
        int modifiers = modifiers(synchronize);
        if (conflicts(source, node, declaringClass, methodName, method.getParameters())) {
            return;
        }
        BlockStatement block = new BlockStatement();
        ClassNode listenerListType = ClassHelper.make(ArrayList.class).getPlainNodeReference();
        listenerListType.setGenericsTypes(types);
        block.addStatements(Arrays.<Statement>asList(
                ifS(notNullX(varX(field.getName())), new BlockStatement(new ArrayList<>(Arrays.<Statement>asList(
                        declS(localVarX("__list", listenerListType),
                                ctorX(listenerListType, args(varX(field.getName())))),
                        new ForStatement(param(ClassHelper.dynamicType(), "listener"), varX("__list"),
                                new BlockStatement(new ArrayList<>(Arrays.<Statement>asList(
                                        stmt(callX(varX("listener"), method.getName(), args(method.getParameters()))))),
                                        new VariableScope())))),
                        new VariableScope()))));
        Parameter[] original = method.getParameters();
        Parameter[] parameters = new Parameter[original.length];
        for (int i = 0; i < original.length; i++) {
            ClassNode paramType = ClassHelper.getWrapper(original[i].getType());
            ClassNode cn = paramType.getPlainNodeReference();
            cn.setRedirect(paramType);
            parameters[i] = param(cn, original[i].getName());
        }
        declaringClass.addMethod(methodName, modifiers, returnType, parameters, new ClassNode[0], block);
    }

    /** Groovy's {@code String.capitalize()}: the first character upper-cased. */
    private static String capitalize(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
