package io.groovymcp.engine;

import static io.groovymcp.engine.QueryCases.at;
import static io.groovymcp.engine.QueryCases.hasLabel;
import static io.groovymcp.engine.QueryCases.list;
import static io.groovymcp.engine.QueryCases.num;
import static io.groovymcp.engine.QueryCases.open;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Issue 11 items 6 and 7: the reference's identity case, class names as receivers, static member completion. */
class DynamicNavigationTest {
    private static final String U = "groovy-buffer:nav";
    private Engine e;

    @BeforeEach
    void setUp() throws IOException {
        e = EngineCases.newEngine();
    }

    @Test
    void referenceIdentityCase() {
        open(e, U, "class Hello { def foo(String bar) { foo(bar) } }");
        assertTrue(num(at(e, "references", U, 0, 19), "total") >= 2);
    }

    @Test
    void classNameAsReceiverDescribesAndDefines() {
        open(e, U, "import java.time.LocalDate\nclass T {\n  def d() { LocalDate.now() }\n}\n");
        Map<String, Object> d = at(e, "describe", U, 2, 14);
        assertEquals("```groovy\nclass java.time.LocalDate\n```", d.get("markdown"));
        List<Map<String, Object>> ext = list(at(e, "definition", U, 2, 14), "external");
        assertEquals(1, ext.size());
        assertEquals("java.time.LocalDate", ext.get(0).get("fqn"));
        // a class of the buffers as a receiver defines at its declaration, once
        open(e, U, "class Util { static int twice(int x) { 2 * x } }\nprintln Util.twice(2)\n");
        List<Map<String, Object>> loc = list(at(e, "definition", U, 1, 10), "locations");
        assertEquals(1, loc.size());
        assertEquals(0, QueryCases.line(loc.get(0)));
    }

    @Test
    void staticMembersCompleteAfterTypeDot() {
        open(e, U, "@groovy.transform.CompileStatic\nclass T {\n  def m() { Math.ma }\n}\n");
        List<Map<String, Object>> items = list(at(e, "complete", U, 2, 19), "items");
        assertTrue(hasLabel(items, "max"), String.valueOf(items));
        assertFalse(hasLabel(items, "getClass"), "only static members after a class name");
        open(e, U, "import java.time.LocalDate\nclass T {\n  def m() { LocalDate.n }\n}\n");
        assertTrue(hasLabel(list(at(e, "complete", U, 2, 23), "items"), "now"));
    }

    @Test
    void memberCompletionOnAnIncompleteLine() {
        open(e, U, "class T {\n  def m(String s) {\n    s.\n  }\n}\n");
        assertTrue(hasLabel(list(at(e, "complete", U, 2, 6), "items"), "charAt"));
    }
}
