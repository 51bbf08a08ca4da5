package io.groovymcp.engine.compile;

import org.codehaus.groovy.control.messages.ExceptionMessage;
import org.codehaus.groovy.control.messages.Message;
import org.codehaus.groovy.control.messages.SyntaxErrorMessage;

/**
 * The one place that sorts a compiler message into a lint category, from the message's class, the phase its buffer
 * failed in, and the compiler's own wording (Groovy has no message codes). Hosts never re-derive it.
 */
public final class MessageCategory {
    public static final String SYNTAX = "syntax";
    public static final String UNRESOLVED = "unresolved";
    public static final String TYPE_CHECK = "type-check";
    public static final String DUPLICATE = "duplicate";
    public static final String COMPILER = "compiler";

    private static final String UNRESOLVED_PREFIX = "unable to resolve class ";

    private MessageCategory() {
    }

    /**
     * @param text the message as shown (already trimmed)
     * @param parseFailed whether the message's buffer stopped at parsing, where every error not named otherwise is a
     *        syntax error (a duplicate class also stops a buffer there, and stays a duplicate)
     */
    public static String of(Message m, String text, boolean parseFailed) {
        if (m instanceof ExceptionMessage) {
            return COMPILER;
        }
        if (text.startsWith("[Static type checking]")) {
            return TYPE_CHECK;
        }
        if (text.startsWith(UNRESOLVED_PREFIX)) {
            return UNRESOLVED;
        }
        if (text.startsWith("Invalid duplicate class definition") || text.startsWith("Repetitive method name/signature")
                || text.endsWith("is declared multiple times.") || text.contains(" duplicates another ")
                || text.contains("is a duplicate of the one declared")
                || text.startsWith("Cannot specify duplicate annotation")) {
            return DUPLICATE;
        }
        if (parseFailed && m instanceof SyntaxErrorMessage) {
            return SYNTAX;
        }
        return COMPILER;
    }

    /** The class name of an "unable to resolve class" message as written in the source, or null. */
    public static String unresolvedName(String text) {
        if (!text.startsWith(UNRESOLVED_PREFIX)) {
            return null;
        }
        int s = UNRESOLVED_PREFIX.length();
        int e = s;
        while (e < text.length() && (Character.isJavaIdentifierPart(text.charAt(e)) || text.charAt(e) == '.')) {
            e++;
        }
        return e > s ? text.substring(s, e) : null;
    }
}
