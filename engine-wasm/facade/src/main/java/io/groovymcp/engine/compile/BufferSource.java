package io.groovymcp.engine.compile;

import java.io.Reader;

import org.codehaus.groovy.control.CompilerConfiguration;
import org.codehaus.groovy.control.io.StringReaderSource;

/**
 * A buffer's text as the compiler reads it. The parser copies its reader into ANTLR's code-point buffer a chunk at a
 * time, and that buffer mishandles a lone high surrogate at a chunk's end: it writes it out but keeps it pending, so
 * the next chunk writes it again. A run of lone surrogates longer than a chunk therefore overruns the buffer
 * (ArrayIndexOutOfBoundsException in CodePointBuffer$Builder), and shorter runs shift every later column. The
 * compiler is handed U+FFFD for each lone surrogate instead: one UTF-16 unit for one, so every offset and column is
 * unchanged, a stray one in code is still reported as the stray character it is, and nothing is ever left pending.
 * The lexing ops read the text whole (CharStreams.fromString), which has no chunks and needs no such care.
 */
final class BufferSource extends StringReaderSource {
    private final String text;

    BufferSource(String text, CompilerConfiguration configuration) {
        super(text, configuration);
        this.text = text;
    }

    @Override
    public Reader getReader() {
        return new SurrogateSafeReader(text);
    }

    static final class SurrogateSafeReader extends Reader {
        private final String text;
        private int pos;

        SurrogateSafeReader(String text) {
            this.text = text;
        }

        @Override
        public int read(char[] buf, int off, int len) {
            if (len == 0) {
                return 0;
            }
            int n = text.length();
            if (pos >= n) {
                return -1;
            }
            int end = Math.min(n, pos + len);
            for (int i = pos; i < end; i++) {
                char c = text.charAt(i);
                buf[off + i - pos] = isLone(i) ? '\uFFFD' : c;
            }
            int read = end - pos;
            pos = end;
            return read;
        }

        private boolean isLone(int i) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c)) {
                return i + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(i + 1));
            }
            if (Character.isLowSurrogate(c)) {
                return i == 0 || !Character.isHighSurrogate(text.charAt(i - 1));
            }
            return false;
        }

        @Override
        public void close() {
        }
    }
}
