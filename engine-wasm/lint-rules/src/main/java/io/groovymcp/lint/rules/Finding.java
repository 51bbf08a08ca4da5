package io.groovymcp.lint.rules;

import org.codehaus.groovy.ast.ASTNode;

/**
 * One rule violation. Positions are the compiler's: 1-based lines and columns, the last column exclusive, exactly as
 * {@link ASTNode} carries them, so the host converts them the same way it converts compiler diagnostics.
 */
public final class Finding implements Comparable<Finding> {
    private final String ruleId;
    private final String message;
    private final int line;
    private final int column;
    private final int lastLine;
    private final int lastColumn;

    public Finding(String ruleId, String message, int line, int column, int lastLine, int lastColumn) {
        if (ruleId == null || message == null) {
            throw new IllegalArgumentException("ruleId and message are required");
        }
        this.ruleId = ruleId;
        this.message = message;
        this.line = line;
        this.column = column;
        this.lastLine = lastLine;
        this.lastColumn = lastColumn;
    }

    /** A finding spanning {@code node}. */
    public static Finding at(String ruleId, String message, ASTNode node) {
        return new Finding(ruleId, message, node.getLineNumber(), node.getColumnNumber(), node.getLastLineNumber(),
                node.getLastColumnNumber());
    }

    public String ruleId() {
        return ruleId;
    }

    public String message() {
        return message;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    public int lastLine() {
        return lastLine;
    }

    public int lastColumn() {
        return lastColumn;
    }

    /** Source order, then rule id, then message: the order {@link LintRules#check} returns. */
    @Override
    public int compareTo(Finding o) {
        if (line != o.line) {
            return line < o.line ? -1 : 1;
        }
        if (column != o.column) {
            return column < o.column ? -1 : 1;
        }
        int c = ruleId.compareTo(o.ruleId);
        if (c != 0) {
            return c;
        }
        c = message.compareTo(o.message);
        if (c != 0) {
            return c;
        }
        if (lastLine != o.lastLine) {
            return lastLine < o.lastLine ? -1 : 1;
        }
        return Integer.compare(lastColumn, o.lastColumn);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Finding)) {
            return false;
        }
        Finding f = (Finding) o;
        return ruleId.equals(f.ruleId) && message.equals(f.message) && line == f.line && column == f.column
                && lastLine == f.lastLine && lastColumn == f.lastColumn;
    }

    @Override
    public int hashCode() {
        int h = ruleId.hashCode();
        h = 31 * h + message.hashCode();
        h = 31 * h + line;
        h = 31 * h + column;
        h = 31 * h + lastLine;
        return 31 * h + lastColumn;
    }

    @Override
    public String toString() {
        return line + ":" + column + "-" + lastLine + ":" + lastColumn + " " + ruleId + " " + message;
    }
}
