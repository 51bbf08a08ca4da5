package org.teavm.classlib.java.io;

import java.io.IOException;
import java.io.OutputStream;

/** java.io.ObjectOutputStream, only as a type: @AutoClone generates code that names it; serialization never runs. */
public class TObjectOutputStream extends OutputStream implements TObjectOutput {
    public TObjectOutputStream(OutputStream out) throws IOException {
        throw new IOException("Java serialization is not available in the wasm engine");
    }

    @Override
    public void write(int b) throws IOException {
        throw new IOException("Java serialization is not available in the wasm engine");
    }

    @Override
    public void writeObject(Object obj) throws IOException {
        throw new IOException("Java serialization is not available in the wasm engine");
    }
}
