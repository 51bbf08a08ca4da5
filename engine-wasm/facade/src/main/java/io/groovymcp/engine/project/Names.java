package io.groovymcp.engine.project;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/** The names that may be written into a stub: Java identifiers that are no keyword in Groovy or Java. */
final class Names {
    private static final Set<String> RESERVED = new HashSet<>(Arrays.asList(
            "abstract", "as", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const",
            "continue", "def", "default", "do", "double", "else", "enum", "extends", "false", "final", "finally",
            "float", "for", "goto", "if", "implements", "import", "in", "instanceof", "int", "interface", "long",
            "native", "new", "non-sealed", "null", "package", "permits", "private", "protected", "public", "record",
            "return", "sealed", "short", "static", "strictfp", "super", "switch", "synchronized", "this",
            "threadsafe", "throw", "throws", "trait", "transient", "true", "try", "var", "void", "volatile", "while",
            "yield"));
    static final Set<String> PRIMITIVES = new HashSet<>(Arrays.asList(
            "boolean", "byte", "char", "short", "int", "long", "float", "double", "void"));
    private static final int MAX_LENGTH = 256;

    private Names() {
    }

    static boolean isIdentifier(String s) {
        if (s == null || s.isEmpty() || s.length() > MAX_LENGTH || RESERVED.contains(s)
                || !Character.isJavaIdentifierStart(s.charAt(0))) {
            return false;
        }
        for (int i = 1; i < s.length(); i++) {
            if (!Character.isJavaIdentifierPart(s.charAt(i)) || Character.isIdentifierIgnorable(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** A dotted name whose every segment is an identifier. */
    static boolean isQualified(String s) {
        if (s == null || s.isEmpty() || s.length() > 4 * MAX_LENGTH) {
            return false;
        }
        for (String seg : s.split("\\.", -1)) {
            if (!isIdentifier(seg)) {
                return false;
            }
        }
        return true;
    }
}
