package io.groovymcp.engine.classmodel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * A class model file the host keeps (wasm's {@code loadClassModelFrom}): loading reads only the header and the index,
 * a lookup reads the one pack it needs, once, and every answer is the in-heap file's.
 */
class HostKeptModelTest {
    private static Path dist() {
        String p = System.getProperty("groovymcp.classmodel");
        return Paths.get(p == null ? "../target/dist/classmodel.bin" : p).toAbsolutePath().getParent();
    }

    /** A host file that records every range it is asked for. */
    private static final class Recording implements ModelBytes {
        final byte[] file;
        final List<int[]> reads = new ArrayList<>();
        boolean shortReads;

        Recording(byte[] file) {
            this.file = file;
        }

        @Override
        public int length() {
            return file.length;
        }

        @Override
        public byte[] read(int offset, int length) {
            reads.add(new int[] {offset, length});
            return java.util.Arrays.copyOfRange(file, offset, offset + (shortReads ? length - 1 : length));
        }

        long bytesRead() {
            return reads.stream().mapToLong(r -> r[1]).sum();
        }
    }

    @Test
    void loadReadsTheIndexAndALookupReadsOnePackOnce() throws IOException {
        byte[] bytes = Files.readAllBytes(dist().resolve("classmodel.bin"));
        ClassModel inHeap = new ClassModel();
        inHeap.loadModel(bytes);
        Recording host = new Recording(bytes);
        ClassModel kept = new ClassModel();
        assertEquals(inHeap.modelClasses(), kept.loadModel(host));
        assertEquals(2, host.reads.size(), "the header and the index");
        assertTrue(host.bytesRead() < 64 * 1024, host.bytesRead() + " bytes read at load");
        assertArrayEquals(inHeap.resource("java/lang/String.class"), kept.resource("java/lang/String.class"));
        assertEquals(3, host.reads.size());
        assertArrayEquals(inHeap.resource("java/lang/Object.class"), kept.resource("java/lang/Object.class"));
        assertEquals(3, host.reads.size(), "java/lang's pack is read once");
        assertTrue(host.bytesRead() < bytes.length / 4, host.bytesRead() + " of " + bytes.length);
        // a compressed (extra) pack and a name the model does not have
        assertArrayEquals(inHeap.resource("org/apache/tools/ant/Project.class"),
                kept.resource("org/apache/tools/ant/Project.class"));
        assertNull(kept.resource("no/such/Thing.class"));
        assertEquals(inHeap.resourcesIn("groovy/lang"), kept.resourcesIn("groovy/lang"));
    }

    @Test
    void aHostThatGivesTooFewBytesIsACorruptModelNotAWrongAnswer() throws IOException {
        Recording host = new Recording(Files.readAllBytes(dist().resolve("classmodel.bin")));
        ClassModel kept = new ClassModel();
        kept.loadModel(host);
        host.shortReads = true;
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> kept.resource("java/lang/String.class"));
        assertTrue(e.getMessage().contains("corrupt class model"), e.getMessage());
        host.shortReads = false;
        assertThrows(IOException.class, () -> new ClassModel().loadModel(new Recording(new byte[10])));
    }
}
