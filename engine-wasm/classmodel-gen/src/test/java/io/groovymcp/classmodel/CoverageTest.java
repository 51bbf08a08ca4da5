package io.groovymcp.classmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.groovymcp.classmodel.scope.Coverage;
import io.groovymcp.classmodel.scope.Origin;
import io.groovymcp.classmodel.scope.Policy;
import java.util.HashSet;
import java.util.List;
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
        assertEquals(Policy.API, Coverage.policyFor(Origin.GROOVY, null, "groovyjarjarasm.asm", true));
        assertEquals(Policy.API, Coverage.policyFor(Origin.JDK, "java.base", "java.util.concurrent.atomic", true));
        assertEquals(Policy.ON_DEMAND, Coverage.policyFor(Origin.JDK, "java.base", "java.lang.constant", true));
        assertEquals(Policy.STRUCTURAL, Coverage.policyFor(Origin.JDK, "java.base", "jdk.internal.misc", false));
        assertEquals(Policy.API, Coverage.policyFor(Origin.JDK, "java.desktop", "javax.swing", true));
    }

    @Test
    void jdkModulesAreJavaSeAndTheCommonJdkOnes() {
        List<String> modules = Coverage.jdkModules();
        for (String m : List.of("java.base", "java.desktop", "java.sql", "java.xml", "java.net.http",
                "java.management", "java.naming", "jdk.httpserver", "jdk.management", "jdk.net", "jdk.jfr")) {
            assertTrue(modules.contains(m), m);
        }
        assertTrue(modules.stream().noneMatch(m -> m.startsWith("jdk.internal")), modules.toString());
    }
}
