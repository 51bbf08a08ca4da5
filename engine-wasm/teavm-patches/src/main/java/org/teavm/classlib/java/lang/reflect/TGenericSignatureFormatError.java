package org.teavm.classlib.java.lang.reflect;

/** java.lang.reflect.GenericSignatureFormatError: caught by Groovy (see TInaccessibleObjectException). */
public class TGenericSignatureFormatError extends ClassFormatError {
    public TGenericSignatureFormatError() {
    }

    public TGenericSignatureFormatError(String message) {
        super(message);
    }
}
