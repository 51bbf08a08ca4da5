package io.groovymcp.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import io.groovymcp.engine.json.Json;

/** Helpers for the query tests: requests as key/value pairs, results as parsed JSON. */
final class QueryCases {
    private QueryCases() {
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> raw(Engine e, Object... kv) {
        return (Map<String, Object>) Json.parse(e.handle(Json.write(Json.obj(kv))));
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> ok(Engine e, Object... kv) {
        Map<String, Object> r = raw(e, kv);
        assertTrue(r.containsKey("result"), () -> "no result: " + r + " for " + Json.write(Json.obj(kv)));
        return (Map<String, Object>) r.get("result");
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> err(Engine e, Object... kv) {
        Map<String, Object> r = raw(e, kv);
        assertTrue(r.containsKey("error"), () -> "expected an error: " + r);
        return (Map<String, Object>) r.get("error");
    }

    static void open(Engine e, String uri, String text) {
        ok(e, "op", "open", "uri", uri, "text", text);
    }

    static Map<String, Object> at(Engine e, String op, String uri, int line, int ch, Object... more) {
        Object[] kv = new Object[8 + more.length];
        kv[0] = "op";
        kv[1] = op;
        kv[2] = "uri";
        kv[3] = uri;
        kv[4] = "line";
        kv[5] = line;
        kv[6] = "character";
        kv[7] = ch;
        System.arraycopy(more, 0, kv, 8, more.length);
        return ok(e, kv);
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> list(Map<String, Object> m, String key) {
        return (List<Map<String, Object>>) m.get(key);
    }

    @SuppressWarnings("unchecked")
    static int line(Map<String, Object> loc) {
        Map<String, Object> range = (Map<String, Object>) loc.get("range");
        return ((Number) ((Map<String, Object>) range.get("start")).get("line")).intValue();
    }

    @SuppressWarnings("unchecked")
    static int ch(Map<String, Object> loc) {
        Map<String, Object> range = (Map<String, Object>) loc.get("range");
        return ((Number) ((Map<String, Object>) range.get("start")).get("character")).intValue();
    }

    static int num(Map<String, Object> m, String key) {
        return ((Number) m.get(key)).intValue();
    }

    static boolean hasLabel(List<Map<String, Object>> items, String label) {
        for (Map<String, Object> i : items) {
            if (label.equals(i.get("label"))) {
                return true;
            }
        }
        return false;
    }

    static Map<String, Object> item(List<Map<String, Object>> items, String label) {
        for (Map<String, Object> i : items) {
            if (label.equals(i.get("label"))) {
                return i;
            }
        }
        return null;
    }
}
