package io.groovymcp.engine.text;

import java.util.Arrays;
import java.util.Map;

import io.groovymcp.engine.json.Json;

/**
 * One buffer's text with the conversions between the compiler's coordinates (1-based lines, 1-based columns counted
 * in code points, because Groovy's ANTLR lexer reads a code-point stream) and the protocol's (0-based lines, 0-based
 * UTF-16 characters). LF, CRLF and a lone CR each end a line.
 */
public final class SourceText {
    private final String text;
    private final int[] lineStarts;

    public SourceText(String text) {
        this.text = text;
        int[] starts = new int[16];
        int n = 0;
        starts[n++] = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || (c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n'))) {
                if (n == starts.length) {
                    starts = Arrays.copyOf(starts, n * 2);
                }
                starts[n++] = i + 1;
            }
        }
        this.lineStarts = Arrays.copyOf(starts, n);
    }

    public String text() {
        return text;
    }

    public int lineCount() {
        return lineStarts.length;
    }

    /** UTF-16 offset where the 0-based line starts. */
    public int lineStart(int line) {
        return lineStarts[line];
    }

    /** UTF-16 offset of the end of the 0-based line, before its terminator. */
    public int lineEnd(int line) {
        int end = line + 1 < lineStarts.length ? lineStarts[line + 1] : text.length();
        while (end > lineStarts[line] && (text.charAt(end - 1) == '\n' || text.charAt(end - 1) == '\r')) {
            end--;
        }
        return end;
    }

    public String lineText(int line) {
        return text.substring(lineStart(line), lineEnd(line));
    }

    /**
     * UTF-16 offset of a compiler position: the one conversion every query uses. The compiler ends lines at LF only
     * (a lone CR is not a line end to Groovy's lexer) and counts 1-based columns in code points, so the position is
     * read against an LF-only line table. Out-of-range values clamp to the nearest real position on that line (never
     * onto the CR of a CRLF), so a synthetic node (line -1) or an end column past the line end still yields a usable
     * offset.
     */
    public int compilerOffset(int line1, int column1) {
        int[] starts = compilerLineStarts();
        int line = Math.max(0, Math.min(line1 - 1, starts.length - 1));
        int start = starts[line];
        boolean last = line + 1 >= starts.length;
        int end = last ? text.length() : starts[line + 1] - 1;
        if (!last && end > start && text.charAt(end - 1) == '\r') {
            end--; // the CR of a CRLF
        }
        int cps = Math.max(0, column1 - 1);
        int off = start;
        while (cps > 0 && off < end) {
            off += Character.isHighSurrogate(text.charAt(off)) && off + 1 < end
                    && Character.isLowSurrogate(text.charAt(off + 1)) ? 2 : 1;
            cps--;
        }
        return off;
    }

    /** A compiler position as a protocol position (see {@link #compilerOffset}). */
    public int[] fromCompiler(int line1, int column1) {
        return position(compilerOffset(line1, column1));
    }

    private int[] compilerStarts;

    private int[] compilerLineStarts() {
        if (compilerStarts == null) {
            int n = 1;
            for (int i = 0; i < text.length(); i++) {
                if (text.charAt(i) == '\n') {
                    n++;
                }
            }
            int[] starts = new int[n];
            int k = 1;
            for (int i = 0; i < text.length(); i++) {
                if (text.charAt(i) == '\n') {
                    starts[k++] = i + 1;
                }
            }
            compilerStarts = starts;
        }
        return compilerStarts;
    }

    /**
     * Clamps a protocol position: negative values go to 0, a line past the end reads as the last line's end, a
     * character past the line end goes to the end, and an offset inside a surrogate pair moves to the pair's start.
     */
    public int[] clamp(int line, int character) {
        if (line < 0) {
            line = 0;
            character = 0;
        }
        if (line >= lineStarts.length) {
            line = lineStarts.length - 1;
            character = Integer.MAX_VALUE;
        }
        int start = lineStart(line);
        int len = lineEnd(line) - start;
        int ch = Math.max(0, Math.min(character, len));
        if (ch > 0 && ch < len && Character.isLowSurrogate(text.charAt(start + ch))
                && Character.isHighSurrogate(text.charAt(start + ch - 1))) {
            ch--;
        }
        return new int[] {line, ch};
    }

    /** UTF-16 offset of a clamped protocol position. */
    public int offset(int line, int character) {
        int[] p = clamp(line, character);
        return lineStart(p[0]) + p[1];
    }

    /** Protocol position of a UTF-16 offset. */
    public int[] position(int offset) {
        offset = Math.max(0, Math.min(offset, text.length()));
        int lo = 0;
        int hi = lineStarts.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (lineStarts[mid] <= offset) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        int ch = Math.min(offset - lineStarts[lo], lineEnd(lo) - lineStarts[lo]);
        return new int[] {lo, ch};
    }

    public static Map<String, Object> pos(int[] p) {
        return Json.obj("line", p[0], "character", p[1]);
    }

    public static Map<String, Object> range(int[] start, int[] end) {
        if (end[0] < start[0] || (end[0] == start[0] && end[1] < start[1])) {
            end = start;
        }
        return Json.obj("start", pos(start), "end", pos(end));
    }
}
