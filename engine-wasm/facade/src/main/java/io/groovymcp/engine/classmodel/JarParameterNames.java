package io.groovymcp.engine.classmodel;

import java.util.HashMap;
import java.util.Map;

import groovyjarjarasm.asm.ClassReader;
import groovyjarjarasm.asm.ClassVisitor;
import groovyjarjarasm.asm.ClassWriter;
import groovyjarjarasm.asm.Label;
import groovyjarjarasm.asm.MethodVisitor;
import groovyjarjarasm.asm.Opcodes;
import groovyjarjarasm.asm.Type;

/**
 * Parameter names for classpath jars' methods. Groovy's decompiler reads a method's {@code MethodParameters}
 * attribute but skips method bodies, so the {@code LocalVariableTable} names that javac writes with {@code -g} (the
 * default of Maven and Gradle) are never seen and such parameters show as {@code param0}. Before a jar class is
 * decompiled, its bytes are rewritten: bodies dropped (the decompiler skips them anyway) and, for every method
 * without {@code MethodParameters} whose parameters all have table entries at offset 0, those names emitted as
 * {@code MethodParameters}. So the order is MethodParameters, then LocalVariableTable, then Groovy's own fallback.
 * The class model needs none of this: the generator already did the same at build time.
 */
final class JarParameterNames {
    private JarParameterNames() {
    }

    static byte[] withNames(byte[] classFile) {
        Map<String, String[]> names = harvest(classFile);
        if (names.isEmpty()) {
            return classFile;
        }
        ClassWriter w = new ClassWriter(0);
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9, w) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
                String[] n = names.get(name + descriptor);
                if (n != null && mv != null) {
                    for (String p : n) {
                        mv.visitParameter(p, 0);
                    }
                }
                return mv;
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_FRAMES);
        return w.toByteArray();
    }

    /** name+descriptor to names, only for methods with no MethodParameters and a full set of slot-0-range names. */
    private static Map<String, String[]> harvest(byte[] classFile) {
        Map<String, String[]> out = new HashMap<>();
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                Type[] args = Type.getArgumentTypes(descriptor);
                if (args.length == 0) {
                    return null;
                }
                Map<Integer, Integer> slotToParam = new HashMap<>();
                int slot = (access & Opcodes.ACC_STATIC) != 0 ? 0 : 1;
                for (int i = 0; i < args.length; i++) {
                    slotToParam.put(slot, i);
                    slot += args[i].getSize();
                }
                String[] found = new String[args.length];
                return new MethodVisitor(Opcodes.ASM9) {
                    private boolean hasMethodParameters;
                    /** The reader visits labels in offset order, so the first one is offset 0 when any starts there. */
                    private Label entry;

                    @Override
                    public void visitParameter(String n, int acc) {
                        hasMethodParameters = true;
                    }

                    @Override
                    public void visitLabel(Label label) {
                        if (entry == null) {
                            entry = label;
                        }
                    }

                    @Override
                    public void visitLocalVariable(String n, String desc, String sig, Label start, Label end,
                                                   int index) {
                        Integer p = slotToParam.get(index);
                        if (p != null && start == entry && found[p] == null) {
                            found[p] = n;
                        }
                    }

                    @Override
                    public void visitEnd() {
                        if (hasMethodParameters) {
                            return;
                        }
                        for (String f : found) {
                            if (f == null) {
                                return;
                            }
                        }
                        out.put(name + descriptor, found);
                    }
                };
            }
        }, ClassReader.SKIP_FRAMES);
        return out;
    }
}
