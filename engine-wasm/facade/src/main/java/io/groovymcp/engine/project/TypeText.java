package io.groovymcp.engine.project;

/**
 * Types as written in a signature ({@code Map<String, ? extends List<T>>[]}), checked against a small grammar and
 * put in one canonical spacing. Nothing else may reach a stub: a type text the grammar refuses is an argument error
 * when it comes from the host and a dropped member when a reader meets it.
 */
final class TypeText {
    private static final int MAX_LENGTH = 2_048;
    private static final int MAX_DEPTH = 32;

    private final String s;
    private int pos;
    private final StringBuilder out = new StringBuilder();

    private TypeText(String s) {
        this.s = s;
    }

    /** The canonical form of a type, or null when it is not one. */
    static String normalize(String text) {
        if (text == null || text.length() > MAX_LENGTH) {
            return null;
        }
        TypeText t = new TypeText(text);
        return t.type(0) && t.end() ? t.out.toString() : null;
    }

    /** The canonical form of a type parameter ({@code T}, {@code T extends A & B}), or null. */
    static String normalizeParameter(String text) {
        if (text == null || text.length() > MAX_LENGTH) {
            return null;
        }
        TypeText t = new TypeText(text);
        String name = t.ident();
        if (name == null || !Names.isIdentifier(name)) {
            return null;
        }
        t.out.append(name);
        if (t.word("extends")) {
            t.out.append(" extends ");
            if (!t.type(0)) {
                return null;
            }
            while (t.punct('&')) {
                t.out.append(" & ");
                if (!t.type(0)) {
                    return null;
                }
            }
        }
        return t.end() ? t.out.toString() : null;
    }

    private boolean end() {
        skipWs();
        return pos == s.length();
    }

    private boolean type(int depth) {
        if (depth > MAX_DEPTH) {
            return false;
        }
        int mark = pos;
        String first = ident();
        if (first == null) {
            return false;
        }
        if ("def".equals(first) || Names.PRIMITIVES.contains(first)) {
            out.append(first);
            return "def".equals(first) ? true : dims(!"void".equals(first));
        }
        pos = mark;
        boolean firstSeg = true;
        do {
            String seg = ident();
            if (seg == null || !Names.isIdentifier(seg)) {
                return false;
            }
            if (!firstSeg) {
                out.append('.');
            }
            firstSeg = false;
            out.append(seg);
            if (peek('<') && !typeArgs(depth)) {
                return false;
            }
        } while (punct('.'));
        return dims(true);
    }

    private boolean typeArgs(int depth) {
        punct('<');
        out.append('<');
        if (punct('>')) {
            out.append('>');
            return true;
        }
        boolean first = true;
        do {
            if (!first) {
                out.append(", ");
            }
            first = false;
            if (punct('?')) {
                out.append('?');
                if (word("extends")) {
                    out.append(" extends ");
                    if (!type(depth + 1)) {
                        return false;
                    }
                } else if (word("super")) {
                    out.append(" super ");
                    if (!type(depth + 1)) {
                        return false;
                    }
                }
            } else if (!type(depth + 1)) {
                return false;
            }
        } while (punct(','));
        if (!punct('>')) {
            return false;
        }
        out.append('>');
        return true;
    }

    private boolean dims(boolean allowed) {
        while (punct('[')) {
            if (!allowed || !punct(']')) {
                return false;
            }
            out.append("[]");
        }
        return true;
    }

    private String ident() {
        skipWs();
        int start = pos;
        if (pos < s.length() && Character.isJavaIdentifierStart(s.charAt(pos))) {
            pos++;
            while (pos < s.length() && Character.isJavaIdentifierPart(s.charAt(pos))) {
                pos++;
            }
            return s.substring(start, pos);
        }
        return null;
    }

    private boolean word(String w) {
        skipWs();
        int mark = pos;
        String id = ident();
        if (w.equals(id)) {
            return true;
        }
        pos = mark;
        return false;
    }

    private boolean peek(char c) {
        skipWs();
        return pos < s.length() && s.charAt(pos) == c;
    }

    private boolean punct(char c) {
        if (peek(c)) {
            pos++;
            return true;
        }
        return false;
    }

    private void skipWs() {
        while (pos < s.length() && (s.charAt(pos) == ' ' || s.charAt(pos) == '\t' || s.charAt(pos) == '\n'
                || s.charAt(pos) == '\r')) {
            pos++;
        }
    }
}
