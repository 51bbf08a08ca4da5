import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.groovymcp.engine.Engine;
import io.groovymcp.engine.json.Json;

/**
 * The JVM half of bench/engine-real: OUR facade (io.groovymcp.engine.Engine) on HotSpot, doing the same calls as the
 * wasm half, so the ratios compare one compiler on two runtimes. Run with the JDK's source launcher (no build step):
 * {@code java -cp <facade jar>:<groovy jar> bench/engine-real/FacadeRealBench.java <classmodel.bin> <mode> <list>}
 * where list is a file of lines {@code <path>\t<uri>}. Each mode prints one JSON object on stdout:
 * <ul>
 *   <li>{@code first}: module load, then the first diagnostics of the list's first file (a fresh process);</li>
 *   <li>{@code warm <rounds>}: every file compiled alone (open, diagnostics, close) for rounds rounds; the last
 *   round's per-file times;</li>
 *   <li>{@code broken <n>}: each file alone, first and the median of n more compiles, with the first error;</li>
 *   <li>{@code multi <n>}: all files open; the first diagnostics of the first file, then median of n (edit it,
 *   diagnostics), then the first file alone; then both again, interleaved sample by sample;</li>
 *   <li>{@code rss <calls> <files>}: RSS after calls edits+diagnostics of the first file, then peak RSS after
 *   compiling files files alone (cycling through the list).</li>
 * </ul>
 */
public final class FacadeRealBench {
    public static void main(String[] args) throws Exception {
        long t0 = System.nanoTime();
        Engine engine = new Engine();
        engine.loadClassModel(Files.readAllBytes(Paths.get(args[0])));
        double loadMs = ms(t0);
        String mode = args[1];
        List<String[]> items = new ArrayList<>();
        for (String line : Files.readAllLines(Paths.get(args[2]), StandardCharsets.UTF_8)) {
            if (!line.isEmpty()) {
                String[] p = line.split("\t", 2);
                items.add(new String[] {p[1], Files.readString(Path.of(p[0]))});
            }
        }
        StringBuilder out = new StringBuilder("{\"loadMs\":").append(loadMs);
        switch (mode) {
            case "first": {
                long s = System.nanoTime();
                alone(engine, items.get(0)[0], items.get(0)[1]);
                out.append(",\"firstMs\":").append(ms(s));
                break;
            }
            case "warm": {
                int rounds = Integer.parseInt(args[3]);
                double[] t = new double[items.size()];
                for (int r = 0; r < rounds; r++) {
                    for (int i = 0; i < items.size(); i++) {
                        long s = System.nanoTime();
                        alone(engine, items.get(i)[0], items.get(i)[1]);
                        t[i] = ms(s);
                    }
                }
                out.append(",\"perFileMs\":").append(Arrays.toString(t));
                break;
            }
            case "broken": {
                int n = Integer.parseInt(args[3]);
                out.append(",\"cases\":[");
                for (int i = 0; i < items.size(); i++) {
                    long s = System.nanoTime();
                    String first = alone(engine, items.get(i)[0], items.get(i)[1]);
                    double firstMs = ms(s);
                    double[] t = new double[n];
                    for (int k = 0; k < n; k++) {
                        long s2 = System.nanoTime();
                        alone(engine, items.get(i)[0], items.get(i)[1] + "\n// " + k);
                        t[k] = ms(s2);
                    }
                    out.append(i == 0 ? "" : ",").append("{\"firstMs\":").append(firstMs).append(",\"medianMs\":")
                            .append(median(t)).append(",\"response\":").append(first).append('}');
                }
                out.append(']');
                break;
            }
            case "multi": {
                int n = Integer.parseInt(args[3]);
                for (String[] it : items) {
                    open(engine, it[0], it[1]);
                }
                String uri = items.get(0)[0];
                String text = items.get(0)[1];
                long s0 = System.nanoTime();
                diagnostics(engine, uri);
                out.append(",\"firstOpenMs\":").append(ms(s0));
                double[] t = new double[n];
                for (int k = 0; k < n; k++) {
                    open(engine, uri, text + "\n// edit " + k);
                    long s = System.nanoTime();
                    diagnostics(engine, uri);
                    t[k] = ms(s);
                }
                for (String[] it : items) {
                    engine.handle(Json.write(Json.obj("op", "close", "uri", it[0])));
                }
                double[] a = new double[n];
                for (int k = 0; k < n; k++) {
                    open(engine, uri, text + "\n// edit " + k);
                    long s = System.nanoTime();
                    diagnostics(engine, uri);
                    a[k] = ms(s);
                }
                out.append(",\"multiMs\":").append(median(t)).append(",\"aloneMs\":").append(median(a));
                // interleaved, as in bench/engine-real.mjs: load drift between two phases cannot tilt the ratio
                double[] pm = new double[n];
                double[] pa = new double[n];
                for (int k = 0; k < n; k++) {
                    for (String[] it : items.subList(1, items.size())) {
                        open(engine, it[0], it[1]);
                    }
                    open(engine, uri, text + "\n// pair " + k);
                    diagnostics(engine, uri);
                    open(engine, uri, text + "\n// pair " + k + " open");
                    long s = System.nanoTime();
                    diagnostics(engine, uri);
                    pm[k] = ms(s);
                    for (String[] it : items.subList(1, items.size())) {
                        engine.handle(Json.write(Json.obj("op", "close", "uri", it[0])));
                    }
                    open(engine, uri, text + "\n// pair " + k + " alone");
                    s = System.nanoTime();
                    diagnostics(engine, uri);
                    pa[k] = ms(s);
                }
                out.append(",\"multiPairMs\":").append(median(pm)).append(",\"alonePairMs\":").append(median(pa));
                break;
            }
            case "rss": {
                int calls = Integer.parseInt(args[3]);
                int files = Integer.parseInt(args[4]);
                String uri = items.get(0)[0];
                for (int k = 0; k < calls; k++) {
                    open(engine, uri, items.get(0)[1] + "\n// " + (k % 7));
                    diagnostics(engine, uri);
                }
                engine.handle(Json.write(Json.obj("op", "close", "uri", uri)));
                out.append(",\"rssAfterCallsMb\":").append(status("VmRSS:")).append(",\"hwmAfterCallsMb\":").append(status("VmHWM:"));
                for (int k = 0; k < files; k++) {
                    String[] it = items.get(k % items.size());
                    alone(engine, it[0], it[1]);
                }
                out.append(",\"rssAfterFilesMb\":").append(status("VmRSS:")).append(",\"hwmAfterFilesMb\":").append(status("VmHWM:"));
                break;
            }
            default:
                throw new IllegalArgumentException(mode);
        }
        System.out.println(out.append('}'));
    }

    private static String alone(Engine engine, String uri, String text) {
        open(engine, uri, text);
        String r = diagnostics(engine, uri);
        engine.handle(Json.write(Json.obj("op", "close", "uri", uri)));
        return r;
    }

    private static void open(Engine engine, String uri, String text) {
        engine.handle(Json.write(Json.obj("op", "open", "uri", uri, "text", text)));
    }

    private static String diagnostics(Engine engine, String uri) {
        String r = engine.handle(Json.write(Json.obj("op", "diagnostics", "uri", uri)));
        if (!r.startsWith("{\"result\"")) {
            throw new IllegalStateException(r.substring(0, Math.min(300, r.length())));
        }
        return r;
    }

    private static double median(double[] t) {
        double[] s = t.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    private static double ms(long start) {
        return Math.round((System.nanoTime() - start) / 10_000.0) / 100.0;
    }

    private static double status(String key) throws java.io.IOException {
        for (String line : Files.readAllLines(Paths.get("/proc/self/status"))) {
            if (line.startsWith(key)) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024.0;
            }
        }
        return -1;
    }
}
