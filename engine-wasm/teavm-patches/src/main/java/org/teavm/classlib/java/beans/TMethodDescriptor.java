package org.teavm.classlib.java.beans;

/** java.beans.MethodDescriptor, only as a type: Groovy's record transform names it in generated BeanInfo code it never runs. */
public class TMethodDescriptor {
    protected TMethodDescriptor() {
    }
}
