package io.groovymcp.classmodel.select;

import io.groovymcp.classmodel.scope.Origin;

import org.objectweb.asm.Opcodes;

/** The member rule shared by analysis and stripping, so both always agree on what survives. */
public final class Visibility {

    private Visibility() {
    }

    /**
     * A member is kept only if code outside its package could use it: public or protected, and written by a person.
     * Package-private members are dropped too (stricter than "drop private"): user scripts never live in java.* or
     * groovy.* packages, and those members are what drags internal types (HashMap.Node...) into signatures.
     */
    public static boolean exposedMember(int access) {
        if ((access & (Opcodes.ACC_PUBLIC | Opcodes.ACC_PROTECTED)) == 0) {
            return false;
        }
        return (access & (Opcodes.ACC_SYNTHETIC | Opcodes.ACC_BRIDGE)) == 0;
    }

    /**
     * The member rule for one class's origin. Groovy's jars (and the distribution's third-party jars) keep their
     * package-private members too: real code does live in {@code groovy.*} packages (Groovy's own sources, extensions
     * written as same-package helpers), and it uses them, e.g. {@code MockInterceptor} reading
     * {@code MockProxyMetaClass.FALL_THROUGH_MARKER}. Private members never survive; JDK classes keep the strict rule.
     */
    public static boolean exposedMember(int access, Origin origin) {
        if (origin != Origin.GROOVY) {
            return exposedMember(access);
        }
        return (access & (Opcodes.ACC_PRIVATE | Opcodes.ACC_SYNTHETIC | Opcodes.ACC_BRIDGE)) == 0;
    }

    /**
     * The same rule for a field. ACC_VOLATILE has the bit ACC_BRIDGE has on methods (0x40), so the method rule would
     * drop every volatile field (it did: {@code Logger.io} of Groovy's shell utilities went missing).
     */
    public static boolean exposedField(int access, Origin origin) {
        return exposedMember(access & ~Opcodes.ACC_VOLATILE, origin);
    }
}
