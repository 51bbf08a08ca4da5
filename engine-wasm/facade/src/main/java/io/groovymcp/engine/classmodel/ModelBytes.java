package io.groovymcp.engine.classmodel;

import java.io.IOException;

/**
 * A class model file that the engine reads a range at a time. In wasm the host keeps the file and the engine copies
 * into its heap only the index and the packs a request touches: copying the whole file in at load cost more than
 * every pack a first compile reads (docs/performance.md, "Start-up"). On the JVM the file is an array.
 */
public interface ModelBytes {
    /** The file's length in bytes. */
    int length();

    /**
     * A copy of {@code length} bytes from {@code offset}, both within {@link #length()}; an IOException when the
     * source cannot give them.
     */
    byte[] read(int offset, int length) throws IOException;

    /** A file held in the engine's own heap. */
    static ModelBytes of(byte[] file) {
        return new ModelBytes() {
            @Override
            public int length() {
                return file.length;
            }

            @Override
            public byte[] read(int offset, int length) {
                return java.util.Arrays.copyOfRange(file, offset, offset + length);
            }
        };
    }
}
