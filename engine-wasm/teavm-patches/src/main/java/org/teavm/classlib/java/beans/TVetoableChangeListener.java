package org.teavm.classlib.java.beans;

/** java.beans.VetoableChangeListener, only as a type: @Bindable/@Vetoable name it in the methods they generate. */
public interface TVetoableChangeListener {
}
