package io.groovymcp.classmodel.strip;

import java.util.HashMap;
import java.util.Map;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Recovers source parameter names from LocalVariableTable before the bodies (which carry that table) are thrown
 * away, so they can be re-emitted as a MethodParameters attribute. Groovy's decompiler reads MethodParameters for
 * parameter names; without this, signature help would only ever show arg0, arg1...
 */
public final class ParameterNames {

    private final Map<String, String[]> byMethod = new HashMap<>();

    private ParameterNames() {
    }

    /** Names keyed by {@code name + descriptor}; only methods that have no MethodParameters yet and a full set. */
    public static ParameterNames harvest(byte[] classFile) {
        ParameterNames result = new ParameterNames();
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                return result.collector((access & Opcodes.ACC_STATIC) != 0, name + descriptor, descriptor);
            }
        }, ClassReader.SKIP_FRAMES);
        return result;
    }

    public String[] get(String name, String descriptor) {
        return byMethod.get(name + descriptor);
    }

    private MethodVisitor collector(boolean isStatic, String key, String descriptor) {
        Type[] args = Type.getArgumentTypes(descriptor);
        if (args.length == 0) {
            return null;
        }
        // slot index -> parameter position
        Map<Integer, Integer> slotToParam = new HashMap<>();
        int slot = isStatic ? 0 : 1;
        for (int i = 0; i < args.length; i++) {
            slotToParam.put(slot, i);
            slot += args[i].getSize();
        }
        String[] names = new String[args.length];
        return new MethodVisitor(Opcodes.ASM9) {
            private boolean hasMethodParameters;
            /**
             * The reader hands out one Label per offset and visits them in offset order, so the first label seen is
             * the one at offset 0 whenever any variable starts there (Label.getOffset is unusable: unresolved).
             */
            private Label entry;

            @Override
            public void visitLabel(Label label) {
                if (entry == null) {
                    entry = label;
                }
            }

            @Override
            public void visitParameter(String name, int access) {
                hasMethodParameters = true;
            }

            @Override
            public void visitLocalVariable(String name, String desc, String sig, Label start, Label end, int index) {
                Integer param = slotToParam.get(index);
                // A parameter's range starts at offset 0; later entries reusing the slot are ordinary locals.
                if (param != null && start == entry && names[param] == null) {
                    names[param] = name;
                }
            }

            @Override
            public void visitEnd() {
                if (hasMethodParameters) {
                    return;
                }
                for (String n : names) {
                    if (n == null) {
                        return;
                    }
                }
                byMethod.put(key, names);
            }
        };
    }
}
