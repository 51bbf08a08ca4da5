package io.groovymcp.lint.rules.ast;

import java.util.Arrays;
import java.util.List;

import org.codehaus.groovy.ast.ClassNode;

/** Questions about a class's supertypes, asked of the compile's own model (Spock is rarely on the class path). */
public final class Hierarchy {
    /** Supertype walks stop here: a longer chain is treated as unknown. */
    public static final int MAX_SUPERTYPES = 256;

    private Hierarchy() {
    }

    /** Appends the direct superclass (when there is one) and the interfaces of {@code cn}. */
    public static void addSupertypes(ClassNode cn, List<ClassNode> out) {
        ClassNode s = cn.getUnresolvedSuperClass(false);
        if (s != null) {
            out.add(s);
        }
        ClassNode[] is = cn.getInterfaces();
        if (is != null) {
            out.addAll(Arrays.asList(is));
        }
    }

    /**
     * Whether the compile knows nothing of {@code t}'s members: a class it could not resolve (neither on the class
     * path nor a source of the compile).
     */
    public static boolean unknown(ClassNode t) {
        ClassNode r = t.redirect();
        return !r.isResolved() && !r.isPrimaryClassNode();
    }
}
