package io.groovymcp.classmodel.select;

import java.util.List;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.signature.SignatureReader;
import org.objectweb.asm.signature.SignatureVisitor;
import org.objectweb.asm.tree.AnnotationNode;

/** Collects the internal names of classes mentioned by descriptors, generic signatures and annotation values. */
public final class TypeRefs {

    private TypeRefs() {
    }

    public static void fromDescriptor(String desc, Set<String> out) {
        if (desc != null) {
            addType(Type.getType(desc), out);
        }
    }

    public static void fromInternalName(String internalName, Set<String> out) {
        if (internalName != null) {
            addType(Type.getObjectType(internalName), out);
        }
    }

    private static void addType(Type t, Set<String> out) {
        switch (t.getSort()) {
            case Type.ARRAY -> addType(t.getElementType(), out);
            case Type.OBJECT -> out.add(t.getInternalName());
            case Type.METHOD -> {
                for (Type a : t.getArgumentTypes()) {
                    addType(a, out);
                }
                addType(t.getReturnType(), out);
            }
            default -> {
                // primitives and void name no class
            }
        }
    }

    /** Class, method or field signature (the grammar differences do not matter for collecting class names). */
    public static void fromSignature(String signature, Set<String> out) {
        if (signature == null) {
            return;
        }
        new SignatureReader(signature).accept(new SignatureVisitor(Opcodes.ASM9) {
            private String current;

            @Override
            public void visitClassType(String name) {
                current = name;
                out.add(name);
            }

            @Override
            public void visitInnerClassType(String name) {
                // Outer<T>.Inner is spelled as the outer name plus a simple name; the class file is Outer$Inner.
                current = current + '$' + name;
                out.add(current);
            }
        });
    }

    /** The annotation's own type plus every class/enum named in its values, recursively. */
    public static void fromAnnotation(AnnotationNode node, Set<String> out) {
        fromDescriptor(node.desc, out);
        fromValues(node.values, out);
    }

    public static void fromValues(List<Object> values, Set<String> out) {
        if (values == null) {
            return;
        }
        for (int i = 1; i < values.size(); i += 2) {
            fromValue(values.get(i), out);
        }
    }

    /** Value shapes as documented by AnnotationNode: Type, String[2] enum, AnnotationNode, List, boxed primitives. */
    public static void fromValue(Object value, Set<String> out) {
        if (value instanceof Type t) {
            addType(t, out);
        } else if (value instanceof String[] e && e.length == 2) {
            fromDescriptor(e[0], out);
        } else if (value instanceof AnnotationNode a) {
            fromAnnotation(a, out);
        } else if (value instanceof List<?> list) {
            for (Object o : list) {
                fromValue(o, out);
            }
        }
    }
}
