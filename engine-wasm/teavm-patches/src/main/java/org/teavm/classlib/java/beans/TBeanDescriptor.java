package org.teavm.classlib.java.beans;

/** java.beans.BeanDescriptor, only as a type: Groovy's record transform names it in generated BeanInfo code it never runs. */
public class TBeanDescriptor {
    protected TBeanDescriptor() {
    }
}
