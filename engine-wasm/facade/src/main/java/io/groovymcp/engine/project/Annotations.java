package io.groovymcp.engine.project;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * The annotations a declaration keeps: Groovy's AST transforms that add API (constructors, accessors, delegates,
 * builders), so that a stub compiled through canonicalization gets the members the real class has. Every other
 * annotation changes nothing another file can call, and is left out. A kept annotation is its source text, on one
 * line, with balanced brackets outside its string literals, so it can never end the stub's declaration early.
 */
final class Annotations {
    private static final Set<String> SHAPING = new HashSet<>(Arrays.asList(
            "AutoClone", "AutoExternalize", "Bindable", "Builder", "Canonical", "Delegate", "IndexedProperty",
            "InheritConstructors", "Immutable", "ImmutableBase", "ImmutableOptions", "KnownImmutable", "Lazy",
            "ListenerList", "MapConstructor", "NamedVariant", "PackageScope", "PropertyOptions", "RecordOptions",
            "Singleton", "Sortable", "TupleConstructor", "Vetoable", "VisibilityOptions"));
    private static final int MAX_LENGTH = 400;

    private Annotations() {
    }

    /** Whether the annotation named so (simple or qualified) is one a declaration keeps. */
    static boolean keeps(String name) {
        int dot = name.lastIndexOf('.');
        String simple = name.substring(dot + 1);
        return SHAPING.contains(simple) && (dot < 0 || name.startsWith("groovy.transform.")
                || name.startsWith("groovy.beans.") || name.startsWith("groovy.lang."));
    }

    static boolean isSafe(String text) {
        if (text == null || text.length() > MAX_LENGTH || !text.startsWith("@")) {
            return false;
        }
        int i = 1;
        while (i < text.length() && (Character.isJavaIdentifierPart(text.charAt(i)) || text.charAt(i) == '.')) {
            i++;
        }
        if (!Names.isQualified(text.substring(1, i)) || !keeps(text.substring(1, i))) {
            return false;
        }
        if (i == text.length()) {
            return true;
        }
        if (text.charAt(i) != '(' || text.charAt(text.length() - 1) != ')') {
            return false;
        }
        int depth = 0;
        char quote = 0;
        for (int k = i; k < text.length(); k++) {
            char c = text.charAt(k);
            if (c == '\n' || c == '\r' || c == '\\' || c == '$') {
                return false; // no escapes or GStrings: a kept value is a plain literal
            }
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
                continue;
            }
            if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '(' || c == '[' || c == '{') {
                depth++;
            } else if (c == ')' || c == ']' || c == '}') {
                if (--depth < 0 || (depth == 0 && k != text.length() - 1)) {
                    return false;
                }
            } else if (c == '/' && k + 1 < text.length() && (text.charAt(k + 1) == '/' || text.charAt(k + 1) == '*')) {
                return false;
            }
        }
        return depth == 0 && quote == 0;
    }
}
