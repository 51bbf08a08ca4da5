package io.groovymcp.engine.text;

/**
 * The JDK's character classes for the scans that read every character of a buffer. TeaVM's classlib answers each
 * {@code Character.isJavaIdentifierPart} by a binary search over the Unicode category ranges (and
 * {@code isIdentifierIgnorable} by a second one), which made a scan of an ASCII text cost ~70 ns a character in wasm
 * (docs/performance.md, "Compile work"). Source text is almost all ASCII, so the first 128 code points are looked
 * up in tables filled from those same JDK methods when the class loads: the answers are the JDK's by construction, on
 * either runtime, and anything above ASCII still asks {@link Character}.
 */
public final class Chars {
    private static final int ASCII = 128;
    private static final boolean[] PART = new boolean[ASCII];
    private static final boolean[] IGNORABLE = new boolean[ASCII];

    static {
        for (int c = 0; c < ASCII; c++) {
            PART[c] = Character.isJavaIdentifierPart(c);
            IGNORABLE[c] = Character.isIdentifierIgnorable(c);
        }
    }

    private Chars() {
    }

    /** {@link Character#isJavaIdentifierPart(int)}. */
    public static boolean isJavaIdentifierPart(int c) {
        return c >= 0 && c < ASCII ? PART[c] : Character.isJavaIdentifierPart(c);
    }

    /** {@link Character#isIdentifierIgnorable(int)}. */
    public static boolean isIdentifierIgnorable(int c) {
        return c >= 0 && c < ASCII ? IGNORABLE[c] : Character.isIdentifierIgnorable(c);
    }
}
