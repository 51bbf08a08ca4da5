package org.teavm.classlib.java.lang.reflect;

/** java.lang.reflect.MalformedParameterizedTypeException: caught by Groovy (see TInaccessibleObjectException). */
public class TMalformedParameterizedTypeException extends RuntimeException {
    public TMalformedParameterizedTypeException() {
    }

    public TMalformedParameterizedTypeException(String message) {
        super(message);
    }
}
