package io.groovymcp.classmodel.select;

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
}
