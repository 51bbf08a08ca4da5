package io.groovymcp.engine.classmodel;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;

import groovyjarjarasm.asm.ClassReader;
import groovyjarjarasm.asm.ClassVisitor;
import groovyjarjarasm.asm.FieldVisitor;
import groovyjarjarasm.asm.MethodVisitor;
import groovyjarjarasm.asm.Opcodes;

/**
 * Class files from classpath jars are input from strangers (issue 13). Groovy decodes them lazily and recursively:
 * a supertype cycle or a generic signature nested thousands deep recurses until the stack overflows, which on the
 * JVM is an error the compile cannot report and in WebAssembly a trap. Such a class is treated as absent (the
 * source sees an unresolved class, an ordinary diagnostic), on both runtimes. The generated model is our own
 * output and is not checked.
 */
final class JarClassCheck {
    /** Deeper than any signature javac or groovyc writes for real code; far below where decoding would overflow. */
    static final int MAX_SIGNATURE_DEPTH = 64;
    /** Supertype links followed through jar classes before giving up. */
    static final int MAX_SUPERTYPES = 4096;

    private JarClassCheck() {
    }

    /** Null when the class may be decoded, else why not. */
    static String problem(String path, byte[] bytes, ClassModel model) {
        try {
            int depth = maxSignatureDepth(bytes);
            if (depth > MAX_SIGNATURE_DEPTH) {
                return "generic signature nested " + depth + " deep";
            }
            return supertypeCycle(path, model);
        } catch (RuntimeException e) {
            return "malformed class file: " + e;
        }
    }

    private static int maxSignatureDepth(byte[] bytes) {
        int[] max = {0};
        new ClassReader(bytes).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public void visit(int version, int access, String name, String signature, String superName,
                              String[] interfaces) {
                note(signature);
            }

            @Override
            public FieldVisitor visitField(int access, String name, String descriptor, String signature,
                                           Object value) {
                note(signature);
                note(descriptor);
                return null;
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                note(signature);
                note(descriptor);
                return null;
            }

            private void note(String s) {
                if (s == null) {
                    return;
                }
                int depth = 0;
                for (int i = 0; i < s.length(); i++) {
                    char c = s.charAt(i);
                    if (c == '<') {
                        depth++;
                        max[0] = Math.max(max[0], depth);
                    } else if (c == '>') {
                        depth--;
                    }
                }
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return max[0];
    }

    /**
     * Walks superclass and interface links through the jars' classes depth-first (model classes end a path: they are
     * acyclic by construction) and reports any cycle, or a hierarchy too large to be real.
     */
    private static String supertypeCycle(String path, ClassModel model) {
        String start = path.substring(0, path.length() - ".class".length());
        Set<String> done = new HashSet<>();
        Set<String> onPath = new HashSet<>();
        // Entries are class names to enter, or "-" + name to leave.
        Deque<String> work = new ArrayDeque<>();
        work.push(start);
        int steps = 0;
        while (!work.isEmpty()) {
            String item = work.pop();
            if (item.startsWith("-")) {
                onPath.remove(item.substring(1));
                done.add(item.substring(1));
                continue;
            }
            if (onPath.contains(item)) {
                return "cyclic inheritance through " + item.replace('/', '.');
            }
            String p = item + ".class";
            if (done.contains(item) || model.origin(p) <= 0) {
                continue;
            }
            if (++steps > MAX_SUPERTYPES) {
                return "more than " + MAX_SUPERTYPES + " supertypes";
            }
            onPath.add(item);
            work.push("-" + item);
            ClassReader r = new ClassReader(model.resource(p));
            if (r.getSuperName() != null) {
                work.push(r.getSuperName());
            }
            for (String i : r.getInterfaces()) {
                work.push(i);
            }
        }
        return null;
    }
}
