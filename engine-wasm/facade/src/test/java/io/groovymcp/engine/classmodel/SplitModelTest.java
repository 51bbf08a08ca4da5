package io.groovymcp.engine.classmodel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.Test;

/**
 * The split class model of the build (classmodel-core.bin + classmodel-packs/) against the whole one
 * (classmodel.bin): a lookup in a pack that is not loaded answers absent and is recorded as wanted, adding the
 * pack makes it answer the whole model's bytes, and a jar that overlaps a missing pack is refused whole until then.
 */
class SplitModelTest {
    private static Path dist() {
        String p = System.getProperty("groovymcp.classmodel");
        return Paths.get(p == null ? "../target/dist/classmodel.bin" : p).toAbsolutePath().getParent();
    }

    private static ClassModel load(String file) throws IOException {
        ClassModel m = new ClassModel();
        m.loadModel(Files.readAllBytes(dist().resolve(file)));
        return m;
    }

    private static byte[] pack(String name) throws IOException {
        return Files.readAllBytes(dist().resolve("classmodel-packs").resolve(name + ".bin"));
    }

    @Test
    void missingPackIsWantedThenServedAsInTheWholeModel() throws IOException {
        ClassModel whole = load("classmodel.bin");
        ClassModel core = load("classmodel-core.bin");
        assertEquals(whole.modelClasses(), core.modelClasses(), "the core's index counts the whole model");
        String path = "org/apache/tools/ant/Project.class";
        assertNotNull(whole.resource(path));
        assertEquals(List.of(), core.wantedPacks());
        // core classes are there and want nothing
        assertArrayEquals(whole.resource("java/lang/String.class"), core.resource("java/lang/String.class"));
        assertArrayEquals(whole.resource("groovy/json/JsonSlurper.class"), core.resource("groovy/json/JsonSlurper.class"));
        assertEquals(List.of(), core.wantedPacks());
        // the index still knows the package, without any pack
        assertTrue(core.hasPackage("org.apache.tools.ant"));
        assertNull(core.resource(path));
        List<String> wanted = core.wantedPacks();
        assertEquals(1, wanted.size());
        assertTrue(wanted.get(0).startsWith("org.apache.tools"), wanted.toString());
        core.loadModel(pack(wanted.get(0)));
        assertEquals(List.of(), core.wantedPacks());
        assertArrayEquals(whole.resource(path), core.resource(path));
        assertEquals(whole.resourcesIn("org/apache/tools/ant"), core.resourcesIn("org/apache/tools/ant"));
        // the same pack again is harmless
        core.loadModel(pack(wanted.get(0)));
        assertArrayEquals(whole.resource(path), core.resource(path));
    }

    @Test
    void packOfAnotherBuildIsRefused() throws IOException {
        ClassModel core = load("classmodel-core.bin");
        byte[] other = pack("javax.swing").clone();
        other[5] ^= 0x55; // the model id
        IOException e = assertThrows(IOException.class, () -> core.loadModel(other));
        assertTrue(e.getMessage().contains("another build"), e.getMessage());
        byte[] cut = java.util.Arrays.copyOf(pack("javax.swing"), 100);
        assertThrows(IOException.class, () -> core.loadModel(cut));
    }

    @Test
    void jarOverlappingAMissingPackAddsNothingUntilThePackIsThere() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ZipOutputStream z = new ZipOutputStream(out)) {
            z.putNextEntry(new ZipEntry("junit/framework/TestCase.class"));
            z.write(load("classmodel.bin").resource("junit/framework/TestCase.class"));
            z.closeEntry();
        }
        ClassModel core = load("classmodel-core.bin");
        MissingPacksException e = assertThrows(MissingPacksException.class, () -> core.addJar(out.toByteArray()));
        assertEquals(1, e.packs().size());
        assertEquals(0, core.classpathClasses());
        core.loadModel(pack(e.packs().get(0)));
        // with the pack the model shadows the jar's copy, as it does with the whole model
        assertEquals(0, core.addJar(out.toByteArray()));
        assertEquals(0, load("classmodel.bin").addJar(out.toByteArray()));
        assertEquals(0, core.origin("junit/framework/TestCase.class"));
    }
}
