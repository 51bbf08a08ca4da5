package org.teavm.classlib.java.beans;

/** java.beans.SimpleBeanInfo, only as a type (see TBeanInfo). */
public class TSimpleBeanInfo implements TBeanInfo {
    public TSimpleBeanInfo() {
    }

    @Override
    public TPropertyDescriptor[] getPropertyDescriptors() {
        return null;
    }
}
