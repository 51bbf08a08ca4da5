package org.teavm.classlib.java.lang.reflect;

/**
 * java.lang.reflect.InaccessibleObjectException. Groovy catches it; a catch of a class TeaVM lacks yields an invalid
 * WebAssembly module (TeaVM issue 1218), so every caught JDK exception type must exist.
 */
public class TInaccessibleObjectException extends RuntimeException {
    public TInaccessibleObjectException() {
    }

    public TInaccessibleObjectException(String message) {
        super(message);
    }
}
