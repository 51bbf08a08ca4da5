package org.teavm.classlib.java.io;

import java.io.IOException;
import java.io.InputStream;

/** java.io.ObjectInputStream, only as a type: @AutoClone generates code that names it; serialization never runs. */
public class TObjectInputStream extends InputStream implements TObjectInput {
    public TObjectInputStream(InputStream in) throws IOException {
        throw new IOException("Java serialization is not available in the wasm engine");
    }

    @Override
    public int read() throws IOException {
        throw new IOException("Java serialization is not available in the wasm engine");
    }

    @Override
    public Object readObject() throws IOException {
        throw new IOException("Java serialization is not available in the wasm engine");
    }
}
