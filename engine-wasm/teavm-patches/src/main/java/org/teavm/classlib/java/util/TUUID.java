package org.teavm.classlib.java.util;

import java.util.Random;

/**
 * java.util.UUID with the two-long constructor and fromString that ANTLR's ATN deserializer needs when the Groovy
 * lexer and parser initialise. TeaVM's own class only offers randomUUID.
 */
public final class TUUID implements Comparable<TUUID> {
    private final long msb;
    private final long lsb;

    public TUUID(long mostSigBits, long leastSigBits) {
        this.msb = mostSigBits;
        this.lsb = leastSigBits;
    }

    public static TUUID randomUUID() {
        Random r = new Random();
        long hi = (r.nextLong() & ~0xF000L) | 0x4000L;
        long lo = (r.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new TUUID(hi, lo);
    }

    public static TUUID fromString(String name) {
        String[] parts = name.split("-");
        if (parts.length != 5) {
            throw new IllegalArgumentException("Invalid UUID string: " + name);
        }
        long hi = Long.parseLong(parts[0], 16);
        hi = (hi << 16) | Long.parseLong(parts[1], 16);
        hi = (hi << 16) | Long.parseLong(parts[2], 16);
        long lo = Long.parseLong(parts[3], 16);
        lo = (lo << 48) | Long.parseLong(parts[4], 16);
        return new TUUID(hi, lo);
    }

    public long getMostSignificantBits() {
        return msb;
    }

    public long getLeastSignificantBits() {
        return lsb;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof TUUID)) {
            return false;
        }
        TUUID u = (TUUID) o;
        return u.msb == msb && u.lsb == lsb;
    }

    @Override
    public int hashCode() {
        long x = msb ^ lsb;
        return (int) (x >> 32) ^ (int) x;
    }

    @Override
    public int compareTo(TUUID o) {
        int c = Long.compare(msb, o.msb);
        return c != 0 ? c : Long.compare(lsb, o.lsb);
    }

    @Override
    public String toString() {
        return hex(msb >> 32, 8) + "-" + hex(msb >> 16, 4) + "-" + hex(msb, 4) + "-" + hex(lsb >> 48, 4) + "-"
                + hex(lsb, 12);
    }

    private static String hex(long value, int digits) {
        long hi = 1L << (digits * 4);
        return Long.toHexString(hi | (value & (hi - 1))).substring(1);
    }
}
