package io.groovymcp.engine.classmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import groovyjarjarasm.asm.ClassWriter;
import groovyjarjarasm.asm.Opcodes;
import io.groovymcp.engine.Engine;
import io.groovymcp.engine.json.Json;
import org.junit.jupiter.api.Test;

/**
 * Hostile classpath jars (issue 13) give an unresolved class or a refused jar, never an internal error: oversized
 * entries, supertype cycles, absurdly nested generic signatures. Jars are generated here.
 */
class HostileJarTest {
    private static Engine engine() throws IOException {
        String p = System.getProperty("groovymcp.classmodel");
        Path model = Paths.get(p == null ? "../target/dist/classmodel.bin" : p);
        Engine e = new Engine();
        e.loadClassModel(Files.readAllBytes(model));
        return e;
    }

    private static byte[] jar(Map<String, byte[]> entries) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ZipOutputStream z = new ZipOutputStream(out)) {
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                z.putNextEntry(new ZipEntry(e.getKey()));
                z.write(e.getValue());
                z.closeEntry();
            }
        }
        return out.toByteArray();
    }

    private static byte[] type(String name, String signature, String superName, String... interfaces) {
        ClassWriter w = new ClassWriter(0);
        int access = Opcodes.ACC_PUBLIC | (interfaces.length > 0 && superName.equals("java/lang/Object")
                && name.startsWith("I") ? Opcodes.ACC_INTERFACE | Opcodes.ACC_ABSTRACT : 0);
        w.visit(Opcodes.V17, access, name, signature, superName, interfaces);
        w.visitEnd();
        return w.toByteArray();
    }

    private static String diagnostics(Engine e, String text) {
        e.handle(Json.write(Json.obj("op", "open", "uri", "groovy-buffer:h.groovy", "text", text)));
        return e.handle(Json.write(Json.obj("op", "diagnostics", "uri", "groovy-buffer:h.groovy")));
    }

    @Test
    void anOversizedClassEntryRefusesTheJarWhole() throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("p/Ok.class", type("p/Ok", null, "java/lang/Object"));
        entries.put("p/Huge.class", new byte[ClassModel.MAX_CLASS_BYTES + 1]);
        ClassModel m = new ClassModel();
        IOException ex = assertThrows(IOException.class, () -> m.addJar(jar(entries)));
        assertTrue(ex.getMessage().contains("p/Huge.class"), ex.getMessage());
        assertEquals(0, m.classpathClasses());
        assertEquals(null, m.resource("p/Ok.class"));
    }

    @Test
    void aSupertypeCycleIsAnUnresolvedClass() throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("cyc/A.class", type("cyc/A", null, "cyc/B"));
        entries.put("cyc/B.class", type("cyc/B", null, "cyc/A"));
        Engine e = engine();
        assertEquals(2, e.addClasspathJar(jar(entries)));
        String r = diagnostics(e, "class X extends cyc.A {}\n");
        assertTrue(r.startsWith("{\"result\""), r);
        assertTrue(r.contains("unable to resolve class cyc.A"), r);
    }

    @Test
    void aDeeplyNestedSignatureIsAnUnresolvedClass() throws IOException {
        // One-letter class names keep 12,000 levels inside a class file's 65,535-byte constant.
        StringBuilder sig = new StringBuilder("Ljava/lang/Object;");
        int depth = 12_000;
        for (int i = 0; i < depth; i++) {
            sig.append("LA<");
        }
        sig.append("LA;");
        for (int i = 0; i < depth; i++) {
            sig.append(">;");
        }
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("A.class", type("A", "<T:Ljava/lang/Object;>Ljava/lang/Object;", "java/lang/Object"));
        entries.put("deep/D.class", type("deep/D", sig.toString().replace("Ljava/lang/Object;LA<",
                "Ljava/lang/Object;LA<"), "java/lang/Object", "A"));
        Engine e = engine();
        e.addClasspathJar(jar(entries));
        String r = diagnostics(e, "deep.D d = null\nprintln d\n");
        assertTrue(r.startsWith("{\"result\""), r);
        assertTrue(r.contains("unable to resolve class deep.D"), r);
        assertFalse(r.contains("internal"), r);
    }

    @Test
    void anOrdinaryJarClassStillResolves() throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("ok/Base.class", type("ok/Base", null, "java/lang/Object"));
        entries.put("ok/Sub.class", type("ok/Sub", null, "ok/Base", "java/io/Serializable"));
        Engine e = engine();
        e.addClasspathJar(jar(entries));
        String r = diagnostics(e, "class X extends ok.Sub {}\n");
        assertTrue(r.contains("\"errorCount\":0"), r);
    }

    @Test
    void aPrecompiledCollectorFromAJarExpandsToNothingInsteadOfFailingTheCompile() throws IOException {
        ClassWriter w = new ClassWriter(0);
        w.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_INTERFACE | Opcodes.ACC_ABSTRACT | Opcodes.ACC_ANNOTATION,
                "ac/Coll", null, "java/lang/Object", new String[] {"java/lang/annotation/Annotation"});
        w.visitAnnotation("Lgroovy/transform/AnnotationCollector;", true).visitEnd();
        w.visitAnnotation("Ljava/lang/annotation/Retention;", true)
                .visitEnum("value", "Ljava/lang/annotation/RetentionPolicy;", "RUNTIME");
        w.visitEnd();
        ClassWriter helper = new ClassWriter(0);
        helper.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "ac/Coll$CollectorHelper", null, "java/lang/Object", null);
        helper.visitEnd();
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("ac/Coll.class", w.toByteArray());
        entries.put("ac/Coll$CollectorHelper.class", helper.toByteArray());
        Engine e = engine();
        e.addClasspathJar(jar(entries));
        String r = diagnostics(e, "@ac.Coll class X { String n }\nprintln new X(n: 'a')\n");
        assertTrue(r.startsWith("{\"result\""), r);
        assertTrue(r.contains("\"errorCount\":0"), r);
    }
}
