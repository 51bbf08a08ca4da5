package org.teavm.classlib.java.beans;

/** java.beans.IntrospectionException. */
public class TIntrospectionException extends Exception {
    public TIntrospectionException(String message) {
        super(message);
    }
}
