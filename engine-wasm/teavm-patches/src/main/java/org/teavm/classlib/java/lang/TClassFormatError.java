package org.teavm.classlib.java.lang;

/** java.lang.ClassFormatError: the superclass of a JDK error Groovy catches (see TInaccessibleObjectException). */
public class TClassFormatError extends LinkageError {
    public TClassFormatError() {
    }

    public TClassFormatError(String message) {
        super(message);
    }
}
