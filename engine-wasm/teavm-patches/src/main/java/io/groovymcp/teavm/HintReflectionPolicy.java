package io.groovymcp.teavm;

import java.util.HashSet;
import java.util.Set;

import org.teavm.extension.spi.reflection.SimpleReflectionPolicy;

/**
 * Lets the type checker instantiate closure-signature hints the way it does on the JVM
 * ({@code getDeclaredConstructor().newInstance()}): public constructors of exactly the classes in
 * {@link KnownClasses} are reflectable, nothing else.
 */
public class HintReflectionPolicy extends SimpleReflectionPolicy {
    @Override
    protected void setup() {
        Set<String> names = new HashSet<>();
        for (String n : KnownClasses.names()) {
            names.add(n);
        }
        selectClasses(c -> names.contains(c.name())).reflectableMethods(m -> m.isConstructor());
    }
}
