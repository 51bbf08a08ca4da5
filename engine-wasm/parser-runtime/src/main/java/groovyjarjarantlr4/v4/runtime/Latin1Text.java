package groovyjarjarantlr4.v4.runtime;

import java.nio.charset.StandardCharsets;

import groovyjarjarantlr4.v4.runtime.misc.Interval;

/**
 * Stand-in for the 8-bit char stream's {@code getText(Interval)} in wasm (delegated in
 * {@code io.groovymcp.teavm.GroovyPatches}): the same bounds, and each ISO-8859-1 byte copied to the char of the
 * same value, which is what decoding Latin-1 is, without TeaVM's per-call decoder and buffers. In ANTLR's package
 * because the stream's storage is package-private.
 */
public final class Latin1Text {
    private Latin1Text() {
    }

    public static String getText(CodePointCharStream self, Interval interval) {
        int size = self.size();
        int start = Math.min(interval.a, size);
        int length = Math.min(interval.b - interval.a + 1, size - start);
        byte[] bytes = (byte[]) self.getInternalStorage();
        if (start < 0 || length < 0) {
            // out of bounds: the original's exception, from the original's call
            return new String(bytes, start, length, StandardCharsets.ISO_8859_1);
        }
        char[] chars = new char[length];
        for (int i = 0; i < length; i++) {
            chars[i] = (char) (bytes[start + i] & 0xFF);
        }
        return new String(chars);
    }
}
