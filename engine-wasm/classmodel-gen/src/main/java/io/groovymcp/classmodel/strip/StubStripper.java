package io.groovymcp.classmodel.strip;

import io.groovymcp.classmodel.select.TypeRefs;
import io.groovymcp.classmodel.select.Visibility;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.Attribute;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.RecordComponentVisitor;
import org.objectweb.asm.TypePath;
import org.objectweb.asm.tree.AnnotationNode;

/**
 * Rewrites one class file into its API stub. The model is "closed": every class a stub names in a kept member,
 * annotation or inner-class entry is itself in the model, because the engine's decompiler throws
 * NoClassDefFoundError for any miss. Members that would break that are dropped; annotations likewise.
 */
public final class StubStripper {

    /** Counters across all stripped classes, for the build summary. */
    public static final class Stats {
        public int droppedMembers;
        public int droppedAnnotations;
        public int synthesizedParameterNames;
    }

    private StubStripper() {
    }

    /**
     * @param inModel        whether an internal name is part of the final model
     * @param parameterNames re-emit LocalVariableTable names as MethodParameters
     */
    public static byte[] strip(byte[] classFile, Predicate<String> inModel,
                               boolean parameterNames, Stats stats) {
        return strip(classFile, inModel, parameterNames, stats, io.groovymcp.classmodel.scope.Origin.JDK);
    }

    /** @param origin where the class comes from: Groovy's classes keep package-private members (see Visibility) */
    public static byte[] strip(byte[] classFile, Predicate<String> inModel,
                               boolean parameterNames, Stats stats, io.groovymcp.classmodel.scope.Origin origin) {
        ParameterNames names = parameterNames ? ParameterNames.harvest(classFile) : null;
        ClassWriter writer = new ClassWriter(0);
        // No SKIP_DEBUG: it would also discard MethodParameters. SourceFile & co. are dropped in the visitor.
        new ClassReader(classFile).accept(new Filter(writer, inModel, names, stats, origin),
                ClassReader.SKIP_CODE | ClassReader.SKIP_FRAMES);
        return writer.toByteArray();
    }

    private static final class Filter extends ClassVisitor {
        private final Predicate<String> inModel;
        private final ParameterNames names;
        private final Stats stats;
        private final io.groovymcp.classmodel.scope.Origin origin;

        Filter(ClassVisitor next, Predicate<String> inModel, ParameterNames names, Stats stats,
               io.groovymcp.classmodel.scope.Origin origin) {
            super(Opcodes.ASM9, next);
            this.origin = origin;
            this.inModel = inModel;
            this.names = names;
            this.stats = stats;
        }

        private boolean allInModel(Set<String> refs) {
            for (String r : refs) {
                if (!inModel.test(r)) {
                    return false;
                }
            }
            return true;
        }

        /** Buffers an annotation and forwards it only if everything it names is in the model. */
        private AnnotationVisitor guarded(String descriptor, Consumer<AnnotationNode> emit) {
            return new AnnotationNode(Opcodes.ASM9, descriptor) {
                @Override
                public void visitEnd() {
                    Set<String> refs = new TreeSet<>();
                    TypeRefs.fromAnnotation(this, refs);
                    if (allInModel(refs)) {
                        emit.accept(this);
                    } else {
                        stats.droppedAnnotations++;
                    }
                }
            };
        }

        @Override
        public void visitSource(String source, String debug) {
            // Source file names and SMAP are debugging aids; the engine never maps back into JDK sources.
        }

        @Override
        public void visitNestHost(String nestHost) {
            // Nest-based access control is a runtime concern.
        }

        @Override
        public void visitNestMember(String nestMember) {
        }

        @Override
        public void visitOuterClass(String owner, String name, String descriptor) {
            // Only local/anonymous classes carry EnclosingMethod and they are never selected.
        }

        @Override
        public void visitPermittedSubclass(String permittedSubclass) {
            if (inModel.test(permittedSubclass)) {
                super.visitPermittedSubclass(permittedSubclass);
            }
        }

        @Override
        public void visitInnerClass(String name, String outerName, String innerName, int access) {
            if (inModel.test(name) && (outerName == null || inModel.test(outerName))) {
                super.visitInnerClass(name, outerName, innerName, access);
            }
        }

        @Override
        public AnnotationVisitor visitAnnotation(String descriptor, boolean visible) {
            return guarded(descriptor, a -> a.accept(cv.visitAnnotation(a.desc, visible)));
        }

        @Override
        public AnnotationVisitor visitTypeAnnotation(int typeRef, TypePath typePath, String descriptor, boolean v) {
            // Type annotations (JSR 308) are not read by Groovy's decompiler.
            return null;
        }

        @Override
        public void visitAttribute(Attribute attribute) {
            // Non-standard attributes mean nothing to the decompiler.
        }

        /** Whether every type a member's descriptor and signature name is in the model; counts the drop if not. */
        private boolean typesInModel(String descriptor, String signature) {
            Set<String> refs = new TreeSet<>();
            TypeRefs.fromDescriptor(descriptor, refs);
            TypeRefs.fromSignature(signature, refs);
            if (allInModel(refs)) {
                return true;
            }
            stats.droppedMembers++;
            return false;
        }

        @Override
        public RecordComponentVisitor visitRecordComponent(String name, String descriptor, String signature) {
            if (!typesInModel(descriptor, signature)) {
                return null;
            }
            RecordComponentVisitor next = super.visitRecordComponent(name, descriptor, signature);
            return new RecordComponentVisitor(Opcodes.ASM9, next) {
                @Override
                public AnnotationVisitor visitAnnotation(String desc, boolean visible) {
                    return guarded(desc, a -> a.accept(next.visitAnnotation(a.desc, visible)));
                }

                @Override
                public AnnotationVisitor visitTypeAnnotation(int typeRef, TypePath p, String desc, boolean v) {
                    return null;
                }

                @Override
                public void visitAttribute(Attribute attribute) {
                }
            };
        }

        @Override
        public FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
            if (!Visibility.exposedField(access, origin)) {
                return null;
            }
            if (!typesInModel(descriptor, signature)) {
                return null;
            }
            FieldVisitor next = super.visitField(access, name, descriptor, signature, value);
            return new FieldVisitor(Opcodes.ASM9, next) {
                @Override
                public AnnotationVisitor visitAnnotation(String desc, boolean visible) {
                    return guarded(desc, a -> a.accept(next.visitAnnotation(a.desc, visible)));
                }

                @Override
                public AnnotationVisitor visitTypeAnnotation(int typeRef, TypePath p, String desc, boolean v) {
                    return null;
                }

                @Override
                public void visitAttribute(Attribute attribute) {
                }
            };
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                         String[] exceptions) {
            // a static initializer is no member anyone names (and kept it would need its Code attribute)
            if ("<clinit>".equals(name)) {
                return null;
            }
            if (!Visibility.exposedMember(access, origin)) {
                return null;
            }
            // A throws clause naming a type outside the model (Script.run throws the compiler's
            // CompilationFailedException) drops that exception, not the method: callers still see the method.
            if (signature != null && signature.indexOf('^') > 0) {
                signature = signature.substring(0, signature.indexOf('^'));
            }
            if (exceptions != null) {
                List<String> kept = new ArrayList<>();
                for (String e : exceptions) {
                    Set<String> one = new TreeSet<>();
                    TypeRefs.fromInternalName(e, one);
                    if (allInModel(one)) {
                        kept.add(e);
                    }
                }
                exceptions = kept.toArray(new String[0]);
            }
            if (!typesInModel(descriptor, signature)) {
                return null;
            }
            MethodVisitor next = super.visitMethod(access, name, descriptor, signature, exceptions);
            String[] recovered = names == null ? null : names.get(name, descriptor);
            if (recovered != null) {
                // MethodParameters precedes every other method attribute in visit order; the reader will not
                // deliver one of its own (ParameterNames only recovers names where none exist).
                for (String n : recovered) {
                    next.visitParameter(n, 0);
                }
                stats.synthesizedParameterNames++;
            }
            return new MethodVisitor(Opcodes.ASM9, next) {
                @Override
                public AnnotationVisitor visitAnnotation(String desc, boolean visible) {
                    return guarded(desc, a -> a.accept(next.visitAnnotation(a.desc, visible)));
                }

                @Override
                public AnnotationVisitor visitParameterAnnotation(int parameter, String desc, boolean visible) {
                    return guarded(desc, a -> a.accept(next.visitParameterAnnotation(parameter, a.desc, visible)));
                }

                @Override
                public AnnotationVisitor visitTypeAnnotation(int typeRef, TypePath p, String desc, boolean v) {
                    return null;
                }

                @Override
                public void visitAttribute(Attribute attribute) {
                }
            };
        }
    }
}
