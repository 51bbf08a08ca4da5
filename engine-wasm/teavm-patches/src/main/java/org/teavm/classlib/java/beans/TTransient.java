package org.teavm.classlib.java.beans;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** java.beans.Transient: Groovy's Verifier names it as a type; TeaVM has no java.beans. */
@Target({ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
public @interface TTransient {
    boolean value() default true;
}
