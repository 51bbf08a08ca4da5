package io.groovymcp.engine;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;

import io.groovymcp.engine.json.Json;

/**
 * A classpath jar that registers a global AST transform (META-INF/services) whose code would write a file must
 * never run: the engine only decodes class-file signatures. The jar is compiled here and also written next to the
 * wasm build outputs, so the wasm test proves the same with the same bytes.
 */
class ClasspathSafetyTest {
    static final String MARKER_PROPERTY = "groovymcp.marker";

    static byte[] buildJar(Path work, Path marker) throws IOException {
        Path src = work.resolve("src/evil/WriteFileTransform.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, "package evil;\n"
                + "import org.codehaus.groovy.ast.ASTNode;\n"
                + "import org.codehaus.groovy.control.SourceUnit;\n"
                + "import org.codehaus.groovy.control.CompilePhase;\n"
                + "import org.codehaus.groovy.transform.ASTTransformation;\n"
                + "import org.codehaus.groovy.transform.GroovyASTTransformation;\n"
                + "@GroovyASTTransformation(phase = CompilePhase.CONVERSION)\n"
                + "public class WriteFileTransform implements ASTTransformation {\n"
                + "  static { touch(); }\n"
                + "  public void visit(ASTNode[] nodes, SourceUnit source) { touch(); }\n"
                + "  static void touch() { try { java.nio.file.Files.writeString(java.nio.file.Paths.get(\""
                + marker.toString().replace("\\", "\\\\") + "\"), \"ran\"); } catch (Exception e) { } }\n"
                + "}\n");
        Path helper = work.resolve("src/evil/Helper.java");
        Files.writeString(helper, "package evil;\npublic class Helper {\n"
                + "  public static String greet(String name) { return \"hi \" + name; }\n}\n");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        Path classes = work.resolve("classes");
        Files.createDirectories(classes);
        String cp = System.getProperty("java.class.path");
        int rc = javac.run(null, null, null, "-d", classes.toString(), "-cp", cp, src.toString(), helper.toString());
        assertTrue(rc == 0, "javac failed");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream jar = new JarOutputStream(bytes)) {
            jar.putNextEntry(new JarEntry("evil/WriteFileTransform.class"));
            jar.write(Files.readAllBytes(classes.resolve("evil/WriteFileTransform.class")));
            jar.closeEntry();
            jar.putNextEntry(new JarEntry("evil/Helper.class"));
            jar.write(Files.readAllBytes(classes.resolve("evil/Helper.class")));
            jar.closeEntry();
            jar.putNextEntry(new JarEntry("META-INF/services/org.codehaus.groovy.transform.ASTTransformation"));
            jar.write("evil.WriteFileTransform\n".getBytes(StandardCharsets.UTF_8));
            jar.closeEntry();
        }
        return bytes.toByteArray();
    }

    @Test
    void globalTransformInAClasspathJarNeverRuns() throws IOException {
        Path work = Files.createTempDirectory("groovymcp-evil");
        Path marker = work.resolve("transform-ran.txt");
        byte[] jar = buildJar(work, marker);
        Engine e = EngineCases.newEngine();
        e.addClasspathJar(jar);
        String r = EngineCases.diagnosticsOf(e, "class Victim { def go() { 1 + 1 } }\nnew Victim().go()");
        assertTrue(r.contains("\"errorCount\":0"), r);
        assertFalse(Files.exists(marker), "the transform ran");

        // The wasm test replays this with the same jar; its marker path is fixed so that test can check it.
        String dist = System.getProperty("groovymcp.classmodel");
        if (dist != null) {
            Path fixtures = Paths.get(dist).getParent().resolve("fixtures");
            Files.createDirectories(fixtures);
            Path wasmMarker = Paths.get(System.getProperty("java.io.tmpdir"), "groovymcp-global-transform-ran.txt");
            Files.write(fixtures.resolve("global-transform.jar"), buildJar(work.resolve("w"), wasmMarker));
            Files.writeString(fixtures.resolve("global-transform.marker"), wasmMarker.toString());
        }
        for (File f : List.of(marker.toFile())) {
            f.delete();
        }
    }

    @Test
    void classesFromAJarResolveByTheirSignatures() throws IOException {
        Path work = Files.createTempDirectory("groovymcp-jar");
        byte[] jar = buildJar(work, work.resolve("never.txt"));
        Engine e = EngineCases.newEngine();
        e.addClasspathJar(jar);
        String r = EngineCases.diagnosticsOf(e, "@groovy.transform.CompileStatic\nclass U { String m() { evil.Helper.greet('x').toUpperCase() } }");
        assertTrue(r.contains("\"errorCount\":0"), r);
        assertFalse(Files.exists(work.resolve("never.txt")));
        Json.parse(r);
    }
}
