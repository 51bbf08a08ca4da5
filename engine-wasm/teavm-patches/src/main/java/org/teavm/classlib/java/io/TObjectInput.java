package org.teavm.classlib.java.io;

import java.io.IOException;

/** java.io.ObjectInput, only as a type: @ExternalizeMethods generates code that names it. */
public interface TObjectInput {
    Object readObject() throws ClassNotFoundException, IOException;
}
