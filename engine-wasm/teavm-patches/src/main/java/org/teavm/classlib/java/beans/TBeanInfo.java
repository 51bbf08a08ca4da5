package org.teavm.classlib.java.beans;

/** java.beans.BeanInfo, only as a type: records name SimpleBeanInfo, and nothing introspects beans in wasm. */
public interface TBeanInfo {
    TPropertyDescriptor[] getPropertyDescriptors();
}
