package org.teavm.classlib.java.beans;

/**
 * java.beans.Introspector. Only @Builder's external strategy introspects a precompiled class, which needs runtime
 * reflection the engine does not have; it reports that as an introspection failure (a compile error), not a crash.
 */
public final class TIntrospector {
    private TIntrospector() {
    }

    public static TBeanInfo getBeanInfo(Class<?> type) throws TIntrospectionException {
        throw new TIntrospectionException("bean introspection of " + type.getName() + " is not available in wasm");
    }

    public static String decapitalize(String name) {
        if (name == null || name.isEmpty()) {
            return name;
        }
        if (name.length() > 1 && Character.isUpperCase(name.charAt(1)) && Character.isUpperCase(name.charAt(0))) {
            return name;
        }
        return Character.toLowerCase(name.charAt(0)) + name.substring(1);
    }
}
