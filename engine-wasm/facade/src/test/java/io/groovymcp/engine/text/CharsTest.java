package io.groovymcp.engine.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The tables answer as the JDK does for every code point, the ASCII edge and out-of-range values included. */
class CharsTest {
    @Test
    void everyCodePointAnswersAsTheJdk() {
        List<Integer> differ = new ArrayList<>();
        for (int c = -2; c <= Character.MAX_CODE_POINT + 1; c++) {
            if (Character.isJavaIdentifierPart(c) != Chars.isJavaIdentifierPart(c)
                    || Character.isIdentifierIgnorable(c) != Chars.isIdentifierIgnorable(c)) {
                differ.add(c);
            }
        }
        assertEquals(List.of(), differ);
    }
}
