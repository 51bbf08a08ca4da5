package io.groovymcp.engine.query;

/**
 * Groovydoc comments read from the source text (the compile does not keep them) and rendered as markdown: prose has
 * its angle brackets escaped, {@code}/{@link} become code spans, block tags become bold labels.
 */
final class Groovydoc {
    private Groovydoc() {
    }

    /** The raw doc comment ending right before offset (whitespace and annotation lines may sit between), or null. */
    static String before(String text, int offset) {
        int i = Math.min(offset, text.length()) - 1;
        while (true) {
            while (i >= 0 && Character.isWhitespace(text.charAt(i))) {
                i--;
            }
            if (i >= 1 && text.charAt(i) == '/' && text.charAt(i - 1) == '*') {
                int open = text.lastIndexOf("/*", i - 2);
                if (open >= 0 && open + 2 < text.length() && text.charAt(open + 2) == '*' && open + 3 <= i - 1) {
                    return text.substring(open, i + 1);
                }
                return null;
            }
            return null;
        }
    }

    static String markdown(String raw) {
        if (raw == null) {
            return "";
        }
        String body = raw.substring(3, raw.length() - 2);
        StringBuilder lines = new StringBuilder();
        int start = 0;
        while (start <= body.length()) {
            int nl = body.indexOf('\n', start);
            String line = nl < 0 ? body.substring(start) : body.substring(start, nl);
            String t = line.trim();
            if (t.startsWith("*")) {
                t = t.substring(1).trim();
            }
            if (lines.length() > 0) {
                lines.append('\n');
            }
            lines.append(t);
            if (nl < 0) {
                break;
            }
            start = nl + 1;
        }
        String s = lines.toString().trim();
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '{' && s.startsWith("{@", i)) {
                int close = matching(s, i);
                if (close > 0) {
                    String inner = s.substring(i + 2, close);
                    int sp = firstSpace(inner);
                    String tag = sp < 0 ? inner : inner.substring(0, sp);
                    String arg = sp < 0 ? "" : inner.substring(sp + 1).trim();
                    if (tag.equals("link") || tag.equals("linkplain")) {
                        out.append('`').append(linkLabel(arg)).append('`');
                    } else {
                        out.append('`').append(arg).append('`');
                    }
                    i = close + 1;
                    continue;
                }
            }
            if (c == '@' && (i == 0 || Character.isWhitespace(s.charAt(i - 1)))
                    && i + 1 < s.length() && Character.isLetter(s.charAt(i + 1))) {
                int e = i + 1;
                while (e < s.length() && Character.isLetter(s.charAt(e))) {
                    e++;
                }
                String tag = s.substring(i + 1, e);
                trimTrailingSpace(out);
                if (out.length() > 0) {
                    out.append("\n\n");
                }
                out.append("**@").append(tag).append("**");
                i = e;
                if (tag.equals("param") || tag.equals("throws") || tag.equals("exception")) {
                    while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                        i++;
                    }
                    int n = i;
                    while (n < s.length() && !Character.isWhitespace(s.charAt(n))) {
                        n++;
                    }
                    if (n > i) {
                        out.append(" `").append(s, i, n).append('`');
                        i = n;
                    }
                }
                continue;
            }
            if (c == '<') {
                out.append("&lt;");
            } else if (c == '>') {
                out.append("&gt;");
            } else {
                out.append(c);
            }
            i++;
        }
        return out.toString().trim();
    }

    private static void trimTrailingSpace(StringBuilder sb) {
        while (sb.length() > 0 && Character.isWhitespace(sb.charAt(sb.length() - 1))) {
            sb.setLength(sb.length() - 1);
        }
    }

    private static int firstSpace(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (Character.isWhitespace(s.charAt(i))) {
                return i;
            }
        }
        return -1;
    }

    private static int matching(String s, int open) {
        int depth = 0;
        for (int i = open; i < s.length(); i++) {
            if (s.charAt(i) == '{') {
                depth++;
            } else if (s.charAt(i) == '}') {
                depth--;
                if (depth == 0) {
                    return i;
                }
            }
        }
        return -1;
    }

    /** {@link a.b.C#m(int) label} shows the label, else the simple name with its member. */
    private static String linkLabel(String arg) {
        int sp = firstSpace(arg);
        if (sp > 0) {
            String label = arg.substring(sp + 1).trim();
            if (!label.isEmpty()) {
                return label;
            }
            arg = arg.substring(0, sp);
        }
        String member = "";
        int hash = arg.indexOf('#');
        if (hash >= 0) {
            member = arg.substring(hash + 1);
            arg = arg.substring(0, hash);
        }
        int dot = arg.lastIndexOf('.');
        String type = arg.substring(dot + 1);
        if (member.isEmpty()) {
            return type;
        }
        return type.isEmpty() ? member : type + "." + member;
    }
}
