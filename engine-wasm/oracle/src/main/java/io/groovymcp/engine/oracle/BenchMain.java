package io.groovymcp.engine.oracle;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.groovymcp.engine.Engine;
import io.groovymcp.engine.json.Json;

/**
 * The JVM half of bench/engine: the same facade and work as the wasm half, timed on HotSpot. Prints one JSON object
 * to stdout. Usage: {@code BenchMain <classmodel.bin> <large.groovy> <setDir> [--cold]}; with --cold it stops after
 * the first diagnostics, so the caller can time a cold process end to end.
 */
public final class BenchMain {
    private BenchMain() {
    }

    public static void main(String[] args) throws IOException {
        long t0 = System.nanoTime();
        Engine engine = new Engine();
        engine.loadClassModel(Files.readAllBytes(Paths.get(args[0])));
        double load = ms(t0);
        String large = new String(Files.readAllBytes(Paths.get(args[1])), StandardCharsets.UTF_8);
        List<Path> set;
        try (Stream<Path> s = Files.list(Paths.get(args[2]))) {
            set = s.filter(p -> p.toString().endsWith(".groovy")).sorted().collect(Collectors.toList());
        }
        boolean cold = args.length > 3 && "--cold".equals(args[3]);
        open(engine, "groovy-buffer:bench/large.groovy", large);
        long t1 = System.nanoTime();
        diagnostics(engine, "groovy-buffer:bench/large.groovy");
        double firstLarge = ms(t1);
        if (cold) {
            System.out.println(Json.write(Json.obj("firstDiagnosticsMs", firstLarge)));
            return;
        }
        double steadyLarge = steady(engine, "groovy-buffer:bench/large.groovy", large, 20);
        if (args.length > 3 && "--tools".equals(args[3])) {
            open(engine, "groovy-buffer:bench/large.groovy", large);
            Map<String, String> requests = ToolBench.requests("groovy-buffer:bench/large.groovy", large);
            System.out.println(Json.write(Json.obj("requests", requests, "jvm", ToolBench.run(engine, requests, 15))));
            return;
        }
        engine.handle(Json.write(Json.obj("op", "close", "uri", "groovy-buffer:bench/large.groovy")));
        for (Path p : set) {
            open(engine, "groovy-buffer:bench/set/" + p.getFileName(), Files.readString(p));
        }
        String first = "groovy-buffer:bench/set/" + set.get(0).getFileName();
        long t2 = System.nanoTime();
        diagnostics(engine, first);
        double firstSet = ms(t2);
        String text = Files.readString(set.get(0));
        double steadySet = steady(engine, first, text, 10);
        for (int i = 0; i < 200; i++) {
            open(engine, first, text + "\n// " + (i % 7));
            diagnostics(engine, first);
        }
        System.gc();
        Runtime rt = Runtime.getRuntime();
        System.out.println(Json.write(Json.obj("loadMs", load, "firstLargeMs", firstLarge, "steadyLargeMs", steadyLarge,
                "firstSetMs", firstSet, "steadySetMs", steadySet, "rssMb", rssMb(),
                "heapUsedMb", (rt.totalMemory() - rt.freeMemory()) / (1024.0 * 1024.0))));
    }

    /** Median of n edits-then-diagnostics, each a real recompile (the text changes every time). */
    private static double steady(Engine engine, String uri, String text, int n) {
        double[] t = new double[n];
        for (int i = 0; i < n; i++) {
            open(engine, uri, text + "\n// edit " + i);
            long s = System.nanoTime();
            diagnostics(engine, uri);
            t[i] = ms(s);
        }
        java.util.Arrays.sort(t);
        return t[n / 2];
    }

    private static void open(Engine engine, String uri, String text) {
        engine.handle(Json.write(Json.obj("op", "open", "uri", uri, "text", text)));
    }

    private static void diagnostics(Engine engine, String uri) {
        String r = engine.handle(Json.write(Json.obj("op", "diagnostics", "uri", uri)));
        if (!r.startsWith("{\"result\"")) {
            throw new IllegalStateException(r);
        }
    }

    private static double ms(long start) {
        return Math.round((System.nanoTime() - start) / 10_000.0) / 100.0;
    }

    private static double rssMb() throws IOException {
        for (String line : Files.readAllLines(Paths.get("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024.0;
            }
        }
        return -1;
    }
}
