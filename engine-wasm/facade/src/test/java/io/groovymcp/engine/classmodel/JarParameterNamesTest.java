package io.groovymcp.engine.classmodel;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import groovyjarjarasm.asm.ClassWriter;
import groovyjarjarasm.asm.Label;
import groovyjarjarasm.asm.MethodVisitor;
import groovyjarjarasm.asm.Opcodes;
import io.groovymcp.engine.Engine;
import io.groovymcp.engine.json.Json;
import org.junit.jupiter.api.Test;

/** Jar methods show their real parameter names: MethodParameters first, then LocalVariableTable (issue 11 item 10). */
class JarParameterNamesTest {
    /** {@code lib.Greeter} with {@code greet(String who, int times)} (table only) and {@code wave(long far)} (attribute). */
    private static byte[] greeter() {
        ClassWriter w = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        w.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "lib/Greeter", null, "java/lang/Object", null);
        MethodVisitor init = w.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();
        MethodVisitor m = w.visitMethod(Opcodes.ACC_PUBLIC, "greet", "(Ljava/lang/String;I)Ljava/lang/String;", null,
                null);
        m.visitCode();
        Label start = new Label();
        Label end = new Label();
        m.visitLabel(start);
        m.visitVarInsn(Opcodes.ALOAD, 1);
        m.visitInsn(Opcodes.ARETURN);
        m.visitLabel(end);
        m.visitLocalVariable("this", "Llib/Greeter;", null, start, end, 0);
        m.visitLocalVariable("who", "Ljava/lang/String;", null, start, end, 1);
        m.visitLocalVariable("times", "I", null, start, end, 2);
        m.visitMaxs(0, 0);
        m.visitEnd();
        MethodVisitor wave = w.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_ABSTRACT, "wave", "(J)V", null, null);
        wave.visitParameter("far", 0);
        wave.visitEnd();
        w.visitEnd();
        return w.toByteArray();
    }

    @Test
    void describeShowsTableAndAttributeNames() throws IOException {
        ByteArrayOutputStream jar = new ByteArrayOutputStream();
        try (ZipOutputStream z = new ZipOutputStream(jar)) {
            z.putNextEntry(new ZipEntry("lib/Greeter.class"));
            z.write(greeter());
            z.closeEntry();
        }
        String p = System.getProperty("groovymcp.classmodel");
        Path model = Paths.get(p == null ? "../target/dist/classmodel.bin" : p);
        Engine e = new Engine();
        e.loadClassModel(Files.readAllBytes(model));
        e.addClasspathJar(jar.toByteArray());
        String text = "def g = new lib.Greeter()\nlib.Greeter h = g\nh.greet('x', 2)\nh.wave(1L)\n";
        e.handle(Json.write(Json.obj("op", "open", "uri", "groovy-buffer:p.groovy", "text", text)));
        String greet = e.handle(Json.write(Json.obj("op", "describe", "uri", "groovy-buffer:p.groovy", "line", 2,
                "character", 3)));
        assertTrue(greet.contains("who") && greet.contains("times"), greet);
        String wave = e.handle(Json.write(Json.obj("op", "describe", "uri", "groovy-buffer:p.groovy", "line", 3,
                "character", 3)));
        assertTrue(wave.contains("far"), wave);
    }

    /** Compiles one Java source with the JDK's own javac (in process) and returns its class files as a jar. */
    private static byte[] javacJar(String className, String source, String... options) throws IOException {
        javax.tools.JavaCompiler javac = javax.tools.ToolProvider.getSystemJavaCompiler();
        Path dir = Files.createTempDirectory("jar-params");
        Path src = dir.resolve(className.substring(className.lastIndexOf('.') + 1) + ".java");
        Files.writeString(src, source);
        Path out = Files.createDirectories(dir.resolve("out"));
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of(options));
        args.addAll(java.util.List.of("-d", out.toString(), src.toString()));
        int rc = javac.run(null, null, null, args.toArray(new String[0]));
        assertTrue(rc == 0, "javac failed");
        ByteArrayOutputStream jar = new ByteArrayOutputStream();
        try (ZipOutputStream z = new ZipOutputStream(jar); java.util.stream.Stream<Path> files = Files.walk(out)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                z.putNextEntry(new ZipEntry(out.relativize(f).toString().replace('\\', '/')));
                z.write(Files.readAllBytes(f));
                z.closeEntry();
            }
        }
        return jar.toByteArray();
    }

    private static String describeCall(byte[] jar, String text, int line, int character) throws IOException {
        String p = System.getProperty("groovymcp.classmodel");
        Engine e = new Engine();
        e.loadClassModel(Files.readAllBytes(Paths.get(p == null ? "../target/dist/classmodel.bin" : p)));
        e.addClasspathJar(jar);
        e.handle(Json.write(Json.obj("op", "open", "uri", "groovy-buffer:q.groovy", "text", text)));
        return e.handle(Json.write(Json.obj("op", "describe", "uri", "groovy-buffer:q.groovy", "line", line,
                "character", character)));
    }

    /** A jar as javac makes it with {@code -parameters} (MethodParameters, no debug tables): the real names show. */
    @Test
    void javacParametersFlagGivesRealNames() throws IOException {
        String src = "package lib;\npublic class Mailer {\n"
                + "  public String send(String recipient, int retries, boolean urgent) { return recipient; }\n}\n";
        String text = "lib.Mailer m = new lib.Mailer()\nm.send('a', 1, true)\n";
        String named = describeCall(javacJar("lib.Mailer", src, "-parameters", "-g:none"), text, 1, 3);
        assertTrue(named.contains("recipient") && named.contains("retries") && named.contains("urgent"), named);
        // the same source without -parameters and without debug tables carries no names: the fallback shows (another
        // class name: Groovy's decompiler caches stubs per class URL for the whole JVM)
        String bare = describeCall(javacJar("lib.Mailer2", src.replace("Mailer", "Mailer2"), "-g:none"),
                text.replace("Mailer", "Mailer2"), 1, 3);
        assertTrue(!bare.contains("recipient") && !bare.contains("retries"), bare);
    }
}
