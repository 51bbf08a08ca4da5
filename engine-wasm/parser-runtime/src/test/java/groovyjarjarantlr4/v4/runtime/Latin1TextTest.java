package groovyjarjarantlr4.v4.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import groovyjarjarantlr4.v4.runtime.misc.Interval;
import org.junit.jupiter.api.Test;

/** The wasm stand-in for the 8-bit stream's getText answers what the original answers, on the JVM's own decoder. */
class Latin1TextTest {
    @Test
    void sameTextAsTheOriginalForEveryIntervalAndByte() {
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < 256; c++) {
            sb.append((char) c);
        }
        sb.append("def naïve = 'ÿ'\n"); // every Latin-1 value, then ordinary text
        CodePointCharStream stream = CharStreams.fromString(sb.toString());
        assertTrue(stream.getInternalStorage() instanceof byte[], "not the 8-bit stream: the test would prove nothing");
        int n = stream.size();
        Random random = new Random(42);
        for (int k = 0; k < 2000; k++) {
            int a = random.nextInt(n + 3);
            int b = a - 1 + random.nextInt(n + 3 - a + 1);
            Interval interval = Interval.of(a, b);
            assertEquals(stream.getText(interval), Latin1Text.getText(stream, interval), "interval " + interval);
        }
        assertEquals(stream.getText(Interval.of(0, n - 1)), Latin1Text.getText(stream, Interval.of(0, n - 1)));
    }

    @Test
    void outOfBoundsFailsAsTheOriginalDoes() {
        CodePointCharStream stream = CharStreams.fromString("abc");
        Interval interval = Interval.of(2, -5);
        Class<? extends Throwable> original = assertThrows(RuntimeException.class, () -> stream.getText(interval)).getClass();
        assertEquals(original, assertThrows(RuntimeException.class, () -> Latin1Text.getText(stream, interval)).getClass());
    }
}
