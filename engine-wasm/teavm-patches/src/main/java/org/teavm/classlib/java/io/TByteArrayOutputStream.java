package org.teavm.classlib.java.io;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UnsupportedEncodingException;
import java.nio.charset.Charset;
import java.util.Arrays;

/**
 * java.io.ByteArrayOutputStream, replacing TeaVM's. TeaVM grows its buffer to {@code len * 3 / 2} in int arithmetic,
 * which overflows past 715,827,882 bytes: from then on the capacity is the exact size asked for, so every write
 * copies the whole array and one inflated jar entry hangs the engine (issue 13). This one grows by doubling in long
 * arithmetic, stops at the largest array size, fails with OutOfMemoryError beyond it as the JDK does, and copies
 * bulk writes with System.arraycopy instead of byte by byte.
 */
public class TByteArrayOutputStream extends OutputStream {
    /** The JDK's own soft limit: some VMs reserve header words in an array. */
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

    protected byte[] buf;
    protected int count;

    public TByteArrayOutputStream() {
        this(32);
    }

    public TByteArrayOutputStream(int size) {
        if (size < 0) {
            throw new IllegalArgumentException("Negative initial size: " + size);
        }
        buf = new byte[size];
    }

    private void ensureCapacity(long needed) {
        if (needed <= buf.length) {
            return;
        }
        if (needed > MAX_ARRAY) {
            throw new OutOfMemoryError("ByteArrayOutputStream cannot hold " + needed + " bytes");
        }
        long grown = Math.max(needed, Math.max(32L, (long) buf.length * 2));
        buf = Arrays.copyOf(buf, (int) Math.min(grown, MAX_ARRAY));
    }

    @Override
    public void write(int b) {
        ensureCapacity((long) count + 1);
        buf[count++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) {
        if (off < 0 || len < 0 || off > b.length - len) {
            throw new IndexOutOfBoundsException();
        }
        ensureCapacity((long) count + len);
        System.arraycopy(b, off, buf, count, len);
        count += len;
    }

    public void writeBytes(byte[] b) {
        write(b, 0, b.length);
    }

    public void writeTo(OutputStream out) throws IOException {
        out.write(buf, 0, count);
    }

    public void reset() {
        count = 0;
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(buf, count);
    }

    public int size() {
        return count;
    }

    @Override
    public String toString() {
        return new String(buf, 0, count);
    }

    public String toString(String charsetName) throws UnsupportedEncodingException {
        return new String(buf, 0, count, charsetName);
    }

    public String toString(Charset charset) {
        return new String(buf, 0, count, charset);
    }

    @Override
    public void close() {
    }
}
