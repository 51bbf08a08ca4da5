package io.groovymcp.classmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.groovymcp.classmodel.scope.Coverage;
import io.groovymcp.classmodel.scope.Origin;
import io.groovymcp.classmodel.scope.Policy;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CoverageTest {

    @Test
    void rowsAreUnique() {
        Set<String> seen = new HashSet<>();
        for (Coverage.Rule r : Coverage.RULES) {
            assertEquals(true, seen.add(r.origin() + ":" + r.pkg()), "duplicate row " + r.pkg());
        }
    }

    @Test
    void mostSpecificRowWins() {
        assertEquals(Policy.API, Coverage.policyFor(Origin.GROOVY, null, "org.apache.groovy.util", true));
        assertEquals(Policy.EXCLUDED, Coverage.policyFor(Origin.GROOVY, null, "org.apache.groovy.parser.antlr4", true));
        assertEquals(Policy.API, Coverage.policyFor(Origin.JDK, "java.base", "java.util.concurrent.atomic", true));
        assertEquals(Policy.ON_DEMAND, Coverage.policyFor(Origin.JDK, "java.base", "java.nio.channels", true));
        assertEquals(Policy.EXCLUDED, Coverage.policyFor(Origin.JDK, "java.base", "jdk.internal.misc", false));
        assertEquals(Policy.EXCLUDED, Coverage.policyFor(Origin.JDK, "java.desktop", "javax.swing", true));
        assertEquals(Policy.EXCLUDED, Coverage.policyFor(Origin.GROOVY, null, "groovyjarjarasm.asm", true));
    }
}
