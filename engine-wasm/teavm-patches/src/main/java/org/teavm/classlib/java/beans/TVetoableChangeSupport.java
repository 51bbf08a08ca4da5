package org.teavm.classlib.java.beans;

/** java.beans.VetoableChangeSupport, only as a type: @Bindable/@Vetoable name it in the fields and methods they generate. */
public class TVetoableChangeSupport {
    protected TVetoableChangeSupport() {
    }
}
