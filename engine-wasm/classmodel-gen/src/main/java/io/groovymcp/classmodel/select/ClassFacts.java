package io.groovymcp.classmodel.select;

import io.groovymcp.classmodel.source.Candidate;
import java.util.Set;
import java.util.TreeSet;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.RecordComponentVisitor;
import org.objectweb.asm.tree.AnnotationNode;

/**
 * What the selection needs to know about one candidate, gathered in a single cheap read (no code).
 *
 * <p>References are split in two: {@link #structural} links (superclass, interfaces, enclosing class, permitted
 * subclasses) without which the type cannot be decompiled at all, and {@link #memberRefs} (signatures of exposed
 * members, annotations) that only matter for those members.
 */
public final class ClassFacts {

    public final Candidate candidate;
    public int access;
    /** Anonymous or local: never part of an API. */
    public boolean localOrAnonymous;
    public String outerClass;
    public final Set<String> structural = new TreeSet<>();
    /** Subset of {@link #structural} the class cannot exist without (permitted subclasses are optional). */
    public final Set<String> required = new TreeSet<>();
    public final Set<String> memberRefs = new TreeSet<>();

    private ClassFacts(Candidate candidate) {
        this.candidate = candidate;
    }

    public String name() {
        return candidate.internalName();
    }

    public boolean isPublic() {
        return (access & Opcodes.ACC_PUBLIC) != 0;
    }

    public boolean isAnnotation() {
        return (access & Opcodes.ACC_ANNOTATION) != 0;
    }

    public static ClassFacts of(Candidate c) {
        ClassFacts f = new ClassFacts(c);
        new ClassReader(c.bytes()).accept(f.new Collector(), ClassReader.SKIP_CODE | ClassReader.SKIP_FRAMES);
        if (!f.localOrAnonymous && f.outerClass == null) {
            // No InnerClasses self-entry (not expected from javac/groovyc) - fall back to the naming convention.
            String simple = c.internalName().substring(c.internalName().lastIndexOf('/') + 1);
            int dollar = simple.lastIndexOf('$');
            f.localOrAnonymous = dollar >= 0 && dollar + 1 < simple.length()
                    && Character.isDigit(simple.charAt(dollar + 1));
        }
        return f;
    }

    private final class Collector extends ClassVisitor {
        Collector() {
            super(Opcodes.ASM9);
        }

        @Override
        public void visit(int version, int acc, String name, String signature, String superName, String[] interfaces) {
            access = acc;
            TypeRefs.fromInternalName(superName, required);
            if (interfaces != null) {
                for (String i : interfaces) {
                    TypeRefs.fromInternalName(i, required);
                }
            }
            TypeRefs.fromSignature(signature, memberRefs);
        }

        @Override
        public void visitOuterClass(String owner, String name, String descriptor) {
            // EnclosingMethod is only written for local and anonymous classes.
            localOrAnonymous = true;
        }

        @Override
        public void visitInnerClass(String name, String outerName, String innerName, int acc) {
            if (name.equals(candidate.internalName())) {
                if (outerName == null || innerName == null) {
                    localOrAnonymous = true;
                } else {
                    outerClass = outerName;
                    required.add(outerName);
                }
            }
        }

        @Override
        public void visitPermittedSubclass(String permittedSubclass) {
            structural.add(permittedSubclass);
        }

        @Override
        public AnnotationVisitor visitAnnotation(String descriptor, boolean visible) {
            return annotationCollector(descriptor);
        }

        @Override
        public RecordComponentVisitor visitRecordComponent(String name, String descriptor, String signature) {
            TypeRefs.fromDescriptor(descriptor, memberRefs);
            TypeRefs.fromSignature(signature, memberRefs);
            return new RecordComponentVisitor(Opcodes.ASM9) {
                @Override
                public AnnotationVisitor visitAnnotation(String desc, boolean visible) {
                    return annotationCollector(desc);
                }
            };
        }

        @Override
        public FieldVisitor visitField(int acc, String name, String descriptor, String signature, Object value) {
            if (!Visibility.exposedField(acc, candidate.origin())) {
                return null;
            }
            TypeRefs.fromDescriptor(descriptor, memberRefs);
            TypeRefs.fromSignature(signature, memberRefs);
            return new FieldVisitor(Opcodes.ASM9) {
                @Override
                public AnnotationVisitor visitAnnotation(String desc, boolean visible) {
                    return annotationCollector(desc);
                }
            };
        }

        @Override
        public MethodVisitor visitMethod(int acc, String name, String descriptor, String signature, String[] exceptions) {
            // a static initializer is no member anyone names (and kept it would need its Code attribute)
            if ("<clinit>".equals(name)) {
                return null;
            }
            if (!Visibility.exposedMember(acc, candidate.origin())) {
                return null;
            }
            TypeRefs.fromDescriptor(descriptor, memberRefs);
            TypeRefs.fromSignature(signature, memberRefs);
            if (exceptions != null) {
                for (String e : exceptions) {
                    TypeRefs.fromInternalName(e, memberRefs);
                }
            }
            return new MethodVisitor(Opcodes.ASM9) {
                @Override
                public AnnotationVisitor visitAnnotation(String desc, boolean visible) {
                    return annotationCollector(desc);
                }

                @Override
                public AnnotationVisitor visitParameterAnnotation(int parameter, String desc, boolean visible) {
                    return annotationCollector(desc);
                }

                @Override
                public AnnotationVisitor visitAnnotationDefault() {
                    AnnotationNode holder = new AnnotationNode("Ljava/lang/Object;");
                    return new AnnotationVisitor(Opcodes.ASM9, holder) {
                        @Override
                        public void visitEnd() {
                            TypeRefs.fromValues(holder.values, memberRefs);
                        }
                    };
                }
            };
        }

        private AnnotationVisitor annotationCollector(String desc) {
            AnnotationNode node = new AnnotationNode(Opcodes.ASM9, desc) {
                @Override
                public void visitEnd() {
                    TypeRefs.fromAnnotation(this, memberRefs);
                }
            };
            return node;
        }
    }
}
