package org.teavm.classlib.java.beans;

/** java.beans.PropertyChangeSupport, only as a type: @Bindable/@Vetoable name it in the fields and methods they generate. */
public class TPropertyChangeSupport {
    protected TPropertyChangeSupport() {
    }
}
