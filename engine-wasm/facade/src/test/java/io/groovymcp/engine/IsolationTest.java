package io.groovymcp.engine;

import static io.groovymcp.engine.QueryCases.at;
import static io.groovymcp.engine.QueryCases.list;
import static io.groovymcp.engine.QueryCases.num;
import static io.groovymcp.engine.QueryCases.ok;
import static io.groovymcp.engine.QueryCases.open;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Issue 11 item 5: an error in one buffer never switches off resolution or type checking in another. */
class IsolationTest {
    private static final String SPEC = "import spock.lang.Specification\n"
            + "class CalcSpec extends Specification {\n  def \"adds\"() { expect: 1 + 1 == 2 }\n}\n";
    private static final String SHOP = "import groovy.transform.CompileStatic\n"
            + "class Order { String id; int qty }\n"
            + "@CompileStatic\n"
            + "class Shop {\n"
            + "  Map<String, Order> orders = [:]\n"
            + "  int total() { int y = 'one'; y }\n"
            + "  Order find(String id) { int x = \"no\"; orders[id] }\n"
            + "}\n";

    private Engine e;

    @BeforeEach
    void setUp() throws IOException {
        e = EngineCases.newEngine();
    }

    @Test
    void anUnresolvedSpecDoesNotMaskTypeErrorsElsewhere() {
        open(e, "u:spec", SPEC);
        open(e, "u:shop", SHOP);
        Map<String, Object> d = ok(e, "op", "diagnostics", "uri", "u:shop");
        assertEquals(2, num(d, "errorCount"), String.valueOf(d));
        assertEquals(1, num(ok(e, "op", "diagnostics", "uri", "u:spec"), "errorCount"));
        Map<String, Object> hover = at(e, "describe", "u:shop", 4, 22);
        assertTrue(String.valueOf(hover.get("markdown")).contains("Map<String, Order> orders"), String.valueOf(hover));
        List<Map<String, Object>> defs = list(at(e, "definition", "u:shop", 6, 3), "locations");
        assertEquals(1, defs.size());
        assertEquals("u:shop", defs.get(0).get("uri"));
    }

    @Test
    void sameAnswersAsWithTheSpecClosed() {
        open(e, "u:shop", SHOP);
        String alone = e.handle("{\"op\":\"diagnostics\",\"uri\":\"u:shop\"}");
        open(e, "u:spec", SPEC);
        assertEquals(alone, e.handle("{\"op\":\"diagnostics\",\"uri\":\"u:shop\"}"));
    }

    @Test
    void aBufferThatUsesTheBrokenOneStaysWithIt() {
        // User names CalcSpec, so compiling it without the spec would invent an error that is not its own
        open(e, "u:spec", SPEC);
        open(e, "u:user", "class User { CalcSpec spec }\n");
        open(e, "u:shop", SHOP);
        assertEquals(0, num(ok(e, "op", "diagnostics", "uri", "u:user"), "errorCount"));
        assertEquals(2, num(ok(e, "op", "diagnostics", "uri", "u:shop"), "errorCount"));
    }
}
