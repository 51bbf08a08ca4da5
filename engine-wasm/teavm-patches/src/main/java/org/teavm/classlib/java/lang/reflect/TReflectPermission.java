package org.teavm.classlib.java.lang.reflect;

import org.teavm.classlib.java.security.TBasicPermission;

/** java.lang.reflect.ReflectPermission: a named permission that nothing checks in the wasm engine. */
public final class TReflectPermission extends TBasicPermission {
    public TReflectPermission(String name) {
        super(name);
    }

    public TReflectPermission(String name, String actions) {
        super(name);
    }
}
