package org.teavm.classlib.java.lang.annotation;

/** java.lang.annotation.AnnotationTypeMismatchException: caught by Groovy (see TInaccessibleObjectException). */
public class TAnnotationTypeMismatchException extends RuntimeException {
    private final String foundType;

    public TAnnotationTypeMismatchException(java.lang.reflect.Method element, String foundType) {
        super("Incorrectly typed data found for annotation element " + element + " (Found data of type "
                + foundType + ")");
        this.foundType = foundType;
    }

    public String foundType() {
        return foundType;
    }
}
