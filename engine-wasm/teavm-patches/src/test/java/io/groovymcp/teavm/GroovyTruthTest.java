package io.groovymcp.teavm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import org.codehaus.groovy.runtime.typehandling.DefaultTypeTransformation;
import org.junit.jupiter.api.Test;

/**
 * Compat's stand-in for the dynamic {@code asBoolean()} must answer what Groovy's runtime answers on the JVM for every
 * value an annotation constant can hold (and the collections it lists), and leave everything else to the runtime.
 */
class GroovyTruthTest {
    @Test
    void matchesTheJvmRuntime() {
        List<Object> values = Arrays.asList("yes", "", "false", 'c', '\0', 0, 1, -1, 0L, 7L, (short) 0, (byte) 2,
                0.0f, -0.0f, 1.5f, Float.NaN, 0.0d, 2.5d, Double.NaN, BigDecimal.ZERO, new BigDecimal("0.00"),
                BigDecimal.ONE, BigInteger.ZERO, BigInteger.TEN, Boolean.TRUE, Boolean.FALSE,
                Collections.emptyList(), Arrays.asList(1), Collections.emptyMap(), Collections.singletonMap(1, 2),
                new Object[0], new Object[] {null}, new StringBuilder(), new StringBuilder("x"));
        for (Object v : values) {
            assertEquals(DefaultTypeTransformation.castToBoolean(v), Compat.groovyTruth(v),
                    () -> v + " (" + v.getClass().getName() + ")");
        }
    }

    @Test
    void leavesOtherTypesToTheRuntime() {
        assertNull(Compat.groovyTruth(new Object()));
        assertNull(Compat.groovyTruth(new int[0]));
    }
}
