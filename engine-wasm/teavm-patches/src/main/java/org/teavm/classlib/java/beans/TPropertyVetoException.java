package org.teavm.classlib.java.beans;

/** java.beans.PropertyVetoException, only as a type: @Vetoable setters declare it. */
public class TPropertyVetoException extends Exception {
    protected TPropertyVetoException() {
    }
}
