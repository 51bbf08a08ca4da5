package org.teavm.classlib.java.awt;

/** java.awt.Image, only as a type: Groovy's record transform names it in BeanInfo code it generates, never runs. */
public abstract class TImage {
    protected TImage() {
    }
}
