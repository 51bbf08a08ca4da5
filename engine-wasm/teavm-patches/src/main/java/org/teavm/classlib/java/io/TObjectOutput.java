package org.teavm.classlib.java.io;

import java.io.IOException;

/** java.io.ObjectOutput, only as a type: @ExternalizeMethods generates code that names it. */
public interface TObjectOutput {
    void writeObject(Object obj) throws IOException;
}
