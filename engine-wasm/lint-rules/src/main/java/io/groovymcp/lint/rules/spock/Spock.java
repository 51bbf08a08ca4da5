package io.groovymcp.lint.rules.spock;

import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.MethodNode;
import org.codehaus.groovy.ast.stmt.BlockStatement;
import org.codehaus.groovy.ast.stmt.Statement;

/**
 * What the rules must know of Spock without Spock on the class path. Spock's global transform (its SpecParser)
 * treats every method of a {@code spock.lang.Specification} subclass whose body has a labelled top-level statement
 * as a feature method, and splits that body into blocks at the labels {@code setup given expect when then cleanup
 * where combined filter and}; it then rewrites the blocks (a {@code when:} block whose {@code then:} expects
 * {@code thrown()} runs inside a try, {@code then:} and {@code expect:} statements become assertions,
 * {@code where:} holds data tables and pipes). The methods {@code setup cleanup setupSpec cleanupSpec} are fixtures.
 */
public final class Spock {
    /** Spock's block labels (org.spockframework.util.Identifiers.BLOCK_LABELS plus the filter block). */
    public static final Set<String> BLOCK_LABELS = Collections.unmodifiableSet(new HashSet<>(Arrays.asList(
            "setup", "given", "expect", "when", "then", "cleanup", "where", "combined", "filter", "and")));
    /** Spock's fixture methods (Identifiers.FIXTURE_METHODS). */
    public static final Set<String> FIXTURE_METHODS = Collections.unmodifiableSet(new HashSet<>(Arrays.asList(
            "setup", "cleanup", "setupSpec", "cleanupSpec")));
    private static final int MAX_SUPERCLASSES = 64;

    private Spock() {
    }

    /**
     * Whether {@code cn} extends Spock's Specification: by the superclass name as written or resolved
     * ({@code Specification}, {@code spock.lang.Specification}), following superclasses that the compile knows.
     */
    public static boolean isSpecification(ClassNode cn) {
        ClassNode c = cn;
        for (int i = 0; c != null && i < MAX_SUPERCLASSES; i++) {
            ClassNode s = c.getUnresolvedSuperClass(false);
            if (s == null) {
                return false;
            }
            String name = s.getName();
            if ("spock.lang.Specification".equals(name) || "Specification".equals(name)) {
                return true;
            }
            if ("java.lang.Object".equals(name)) {
                return false;
            }
            c = s.redirect();
        }
        return false;
    }

    /**
     * Whether {@code m} is a feature method of a Specification: a top-level statement carries a label. A class
     * whose superclass chain leaves the compile (a base spec of another module, unresolved) counts as a
     * Specification for a method whose labels include {@code then:} or {@code expect:}: plain Groovy code
     * practically never labels statements so, and Spock's base classes are often project classes.
     */
    public static boolean isFeatureMethod(ClassNode owner, MethodNode m) {
        if (!(m.getCode() instanceof BlockStatement)) {
            return false;
        }
        boolean labelled = false;
        boolean asserting = false;
        for (Statement st : ((BlockStatement) m.getCode()).getStatements()) {
            String l = label(st);
            if (l != null) {
                labelled = true;
                asserting |= "then".equals(l) || "expect".equals(l);
            }
        }
        return labelled && (isSpecification(owner) || asserting && superclassUnknown(owner));
    }

    /** Whether the superclass chain of {@code cn} reaches a class the compile could not resolve. */
    static boolean superclassUnknown(ClassNode cn) {
        ClassNode c = cn;
        for (int i = 0; c != null && i < MAX_SUPERCLASSES; i++) {
            ClassNode s = c.getUnresolvedSuperClass(false);
            if (s == null || "java.lang.Object".equals(s.getName())) {
                return false;
            }
            ClassNode r = s.redirect();
            if (!r.isResolved() && !r.isPrimaryClassNode()) {
                return true;
            }
            c = r;
        }
        return false;
    }

    /** Whether {@code m} is one of Spock's fixture methods of a Specification. */
    public static boolean isFixtureMethod(ClassNode owner, MethodNode m) {
        return FIXTURE_METHODS.contains(m.getName()) && isSpecification(owner);
    }

    /**
     * Whether {@code st} starts a new Spock block. {@code and:} does not: Spock's parser appends its statements to
     * the block before it.
     */
    public static boolean startsBlock(Statement st) {
        String l = label(st);
        return l != null && !"and".equals(l);
    }

    /** The Spock block label that {@code st} carries, or null. */
    public static String label(Statement st) {
        List<String> labels = st.getStatementLabels();
        if (labels == null) {
            return null;
        }
        for (String l : labels) {
            if (BLOCK_LABELS.contains(l)) {
                return l;
            }
        }
        return null;
    }
}
