package io.groovymcp.lint.rules.ast;

import org.codehaus.groovy.ast.ASTNode;
import org.codehaus.groovy.control.Janitor;
import org.codehaus.groovy.control.SourceUnit;
import org.codehaus.groovy.control.io.ReaderSource;

/**
 * The file's text by compiler position, for the few rules that need what the AST drops (comments). Reads lines
 * through the SourceUnit's own {@link ReaderSource}, so it sees exactly the text the compiler parsed.
 */
public final class SourceLines {
    private final SourceUnit unit;

    SourceLines(SourceUnit unit) {
        this.unit = unit;
    }

    /** Line {@code n} (1-based) without its terminator, or null when the source cannot be read. */
    public String line(int n) {
        ReaderSource src = unit.getSource();
        if (src == null || n < 1) {
            return null;
        }
        Janitor janitor = new Janitor();
        try {
            return src.getLine(n, janitor);
        } catch (RuntimeException e) {
            return null;
        } finally {
            janitor.cleanup();
        }
    }

    /**
     * The text from (line, column) inclusive to (lastLine, lastColumn) exclusive, compiler positions; lines joined
     * with '\n'. Null when any line is unavailable or the range is not inside the text.
     */
    public String text(int line, int column, int lastLine, int lastColumn) {
        if (line < 1 || column < 1 || lastLine < line || (lastLine == line && lastColumn < column)) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        for (int n = line; n <= lastLine; n++) {
            String s = line(n);
            if (s == null) {
                return null;
            }
            int from = n == line ? column - 1 : 0;
            int to = n == lastLine ? lastColumn - 1 : s.length();
            if (from > s.length() || to > s.length() || from > to) {
                return null;
            }
            sb.append(s, from, to);
            if (n < lastLine) {
                sb.append('\n');
            }
        }
        return sb.toString();
    }

    /**
     * Where a declaration's name is written: the first occurrence of {@code name} as a whole identifier inside the
     * node's range that is followed (after blanks) by one of {@code followers}, or by the end of the line when
     * {@code followers} contains '\n'. Returns {line, column, lastColumn} in compiler positions, or null.
     */
    public int[] nameIn(ASTNode node, String name, String followers) {
        for (int n = node.getLineNumber(); n <= node.getLastLineNumber(); n++) {
            String s = line(n);
            if (s == null) {
                return null;
            }
            int from = n == node.getLineNumber() ? node.getColumnNumber() - 1 : 0;
            int to = n == node.getLastLineNumber() ? Math.min(s.length(), node.getLastColumnNumber() - 1) : s.length();
            for (int i = s.indexOf(name, Math.max(0, from)); i >= 0 && i + name.length() <= to;
                    i = s.indexOf(name, i + 1)) {
                int end = i + name.length();
                if ((i > 0 && isIdentifierPart(s.charAt(i - 1))) || (end < s.length() && isIdentifierPart(s.charAt(end)))) {
                    continue;
                }
                int k = end;
                while (k < s.length() && (s.charAt(k) == ' ' || s.charAt(k) == '\t')) {
                    k++;
                }
                boolean ok = k >= s.length() ? followers.indexOf('\n') >= 0 : followers.indexOf(s.charAt(k)) >= 0
                        || (followers.indexOf('\n') >= 0 && s.startsWith("//", k));
                if (ok) {
                    return new int[] {n, i + 1, end + 1};
                }
            }
        }
        return null;
    }

    private static boolean isIdentifierPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }
}
