package io.groovymcp.engine.oracle;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.groovymcp.engine.Engine;
import io.groovymcp.engine.json.Json;

/**
 * The requests of bench/tools: every tool once on a large file at fixed positions, the same list on both runtimes.
 * The positions are the first identifiers of a few distinct lines, chosen from the text so the bench needs no
 * hand-picked coordinates.
 */
public final class ToolBench {
    private ToolBench() {
    }

    /** Tool name to request JSON, in a fixed order. */
    public static Map<String, String> requests(String uri, String text) {
        String[] lines = text.split("\n", -1);
        int[] pos = position(lines, lines.length / 3);
        int[] call = callPosition(lines);
        Map<String, String> r = new LinkedHashMap<>();
        r.put("diagnostics", req("diagnostics", uri));
        r.put("describe", at("describe", uri, pos));
        r.put("definition", at("definition", uri, pos));
        r.put("implementations", at("implementations", uri, pos));
        r.put("references", at("references", uri, pos));
        r.put("symbols", req("symbols", uri));
        r.put("complete", at("complete", uri, pos));
        r.put("signatures", at("signatures", uri, call));
        r.put("tokens", req("tokens", uri));
        r.put("format", req("format", uri));
        r.put("organizeImports", req("organizeImports", uri));
        r.put("rename", Json.write(Json.obj("op", "rename", "uri", uri, "line", pos[0], "character", pos[1],
                "newName", "renamedByBench")));
        return r;
    }

    private static String req(String op, String uri) {
        return Json.write(Json.obj("op", op, "uri", uri));
    }

    private static String at(String op, String uri, int[] p) {
        return Json.write(Json.obj("op", op, "uri", uri, "line", p[0], "character", p[1]));
    }

    /** The first identifier character at or after the given line. */
    private static int[] position(String[] lines, int from) {
        for (int l = from; l < lines.length; l++) {
            String s = lines[l];
            for (int c = 0; c < s.length(); c++) {
                if (Character.isJavaIdentifierStart(s.charAt(c)) && (c == 0 || s.charAt(c - 1) == ' ')) {
                    return new int[] {l, c + 1};
                }
            }
        }
        return new int[] {0, 0};
    }

    /** Just inside the first call's parenthesis after the middle of the file. */
    private static int[] callPosition(String[] lines) {
        for (int l = lines.length / 2; l < lines.length; l++) {
            int i = lines[l].indexOf('(');
            if (i > 0 && Character.isJavaIdentifierPart(lines[l].charAt(i - 1))) {
                return new int[] {l, i + 1};
            }
        }
        return new int[] {0, 0};
    }

    /** Median milliseconds of n warm runs of each request (after one unmeasured run). */
    public static Map<String, Double> run(Engine engine, Map<String, String> requests, int n) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : requests.entrySet()) {
            engine.handle(e.getValue());
            List<Double> t = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                long s = System.nanoTime();
                engine.handle(e.getValue());
                t.add((System.nanoTime() - s) / 1e6);
            }
            Double[] a = t.toArray(new Double[0]);
            Arrays.sort(a);
            out.put(e.getKey(), Math.round(a[a.length / 2] * 100) / 100.0);
        }
        return out;
    }
}
