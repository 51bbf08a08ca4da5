package org.teavm.classlib.java.lang;

/**
 * java.lang.TypeNotPresentException. ASM's class writer catches it; a catch of a class TeaVM lacks produces an
 * invalid module (TeaVM issue 1218), so it must exist even though nothing here throws it.
 */
public class TTypeNotPresentException extends RuntimeException {
    private final String typeName;

    public TTypeNotPresentException(String typeName, Throwable cause) {
        super("Type " + typeName + " not present", cause);
        this.typeName = typeName;
    }

    public String typeName() {
        return typeName;
    }
}
