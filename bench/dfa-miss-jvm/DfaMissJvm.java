// bench/dfa-miss-jvm: the JVM side of bench/dfa-miss-profile.mjs. Our facade on HotSpot compiles the same real files
// with the same small parser-cache budget (the engine's AtnManager from teavm-patches, put in front of Groovy on the
// class path: its parserCacheBudget is what the wasm module's parserCache export calls), so most predictions run
// ANTLR's ATN simulation on both runtimes. JFR samples the measured part (1 ms), and self time is printed per method
// (JFR records inlined frames as frames, so an inlined method keeps its own samples), with the time per file: the two
// tables side by side say which functions are slower in wasm than the rest.
//
//   java -Xss8m -cp <teavm-patches classes>:<facade jar>:<groovy jars...> bench/dfa-miss-jvm/DfaMissJvm.java \
//     <classmodel.bin> <all.tsv> [budget 20000] [warm 150] [files 300] [top 30] [callers of: Class.method]
//
// `... DfaMissJvm.java <classmodel.bin> <f1000.tsv> probe <warm.tsv>` is the JVM side of the lead's cold-DFA probe:
// the first compile of the first file in a fresh process, the same after 150 other files, then again after clearing
// only the parser's cache (budget 1 for 8 one-line compiles, then the default budget back), as wall and main-thread
// CPU ms (bench/dfa-miss-ab.mjs measures the wasm side the same way; pass all.tsv as the last argument).
//
// The class path's first entry must hold org/apache/groovy/parser/antlr4/internal/atnmanager/AtnManager*.class and
// groovyjarjarantlr4/v4/runtime/atn/CompactContextCache*.class from teavm-patches (only those: the rest of that jar
// replaces JDK and Groovy classes for TeaVM). The harness fails if the budget method is missing.
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.groovymcp.engine.Engine;
import io.groovymcp.engine.json.Json;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

public final class DfaMissJvm {
    public static void main(String[] args) throws Exception {
        if (args.length > 2 && args[2].equals("probe")) {
            probe(args);
            return;
        }
        long budget = args.length > 2 ? Long.parseLong(args[2]) : 20000;
        int warm = args.length > 3 ? Integer.parseInt(args[3]) : 150;
        int files = args.length > 4 ? Integer.parseInt(args[4]) : 300;
        int top = args.length > 5 ? Integer.parseInt(args[5]) : 30;
        Engine engine = new Engine();
        engine.loadClassModel(Files.readAllBytes(Paths.get(args[0])));
        List<String[]> items = new ArrayList<>();
        for (String line : Files.readAllLines(Paths.get(args[1]), StandardCharsets.UTF_8)) {
            if (!line.isEmpty()) {
                String[] p = line.split("\t", 2);
                items.add(new String[] {p[1], Files.readString(Path.of(p[0]))});
            }
        }
        Method budgetOf = Class.forName("org.apache.groovy.parser.antlr4.internal.atnmanager.AtnManager")
                .getMethod("parserCacheBudget", long.class);
        budgetOf.invoke(null, budget);
        for (int k = 0; k < warm; k++) {
            alone(engine, items.get(k % items.size()));
        }
        Path jfr = Files.createTempFile("dfa-miss-jvm", ".jfr");
        double ms;
        double cpuMs;
        try (Recording rec = new Recording()) {
            rec.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(1));
            rec.start();
            long s = System.nanoTime();
            long c = CPU.getCurrentThreadCpuTime();
            for (int k = 0; k < files; k++) {
                alone(engine, items.get((warm + k) % items.size()));
            }
            ms = (System.nanoTime() - s) / 1e6;
            cpuMs = (CPU.getCurrentThreadCpuTime() - c) / 1e6;
            rec.stop();
            rec.dump(jfr);
        }
        String callersOf = args.length > 6 ? args[6] : null;
        Map<String, Integer> callers = new HashMap<>();
        Map<String, Integer> self = new HashMap<>();
        int total = 0;
        for (RecordedEvent e : RecordingFile.readAllEvents(jfr)) {
            if (!e.getEventType().getName().equals("jdk.ExecutionSample")) {
                continue;
            }
            RecordedStackTrace st = e.getStackTrace();
            if (st == null || st.getFrames().isEmpty()) {
                continue;
            }
            RecordedFrame f = st.getFrames().get(0);
            String name = f.getMethod().getType().getName() + "." + f.getMethod().getName();
            self.merge(name, 1, Integer::sum);
            if (name.equals(callersOf)) {
                StringBuilder chain = new StringBuilder();
                for (int i = 1; i < Math.min(4, st.getFrames().size()); i++) {
                    RecordedFrame c = st.getFrames().get(i);
                    chain.append(i > 1 ? " < " : "").append(c.getMethod().getType().getName().replaceAll(".*\\.", ""))
                            .append('.').append(c.getMethod().getName());
                }
                callers.merge(chain.toString(), 1, Integer::sum);
            }
            total++;
        }
        Files.delete(jfr);
        System.out.printf("## dfa-miss-jvm: budget %d entries, %d real files after %d warm-up files, %.0f ms (%.1f ms / file; "
                + "main thread CPU %.1f ms / file), entries at end %d, %d samples, load %s%n%n", budget, files, warm, ms, ms / files, cpuMs / files,
                (Long) budgetOf.invoke(null, 0L), total,
                String.join(" ", List.of(Files.readString(Paths.get("/proc/loadavg")).split(" ")).subList(0, 3)));
        System.out.println("| method (self time) | share | ms / file |\n|---|---:|---:|");
        final int all = total;
        final double perFile = ms / files;
        self.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue()).limit(top).forEach(en ->
                System.out.printf("| %s | %.1f%% | %.2f |%n", en.getKey(), 100.0 * en.getValue() / all,
                        perFile * en.getValue() / all));
        if (callersOf != null) {
            System.out.println("\n| callers of " + callersOf + " (nearest first) | samples |\n|---|---:|");
            callers.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue()).limit(10)
                    .forEach(en -> System.out.printf("| %s | %d |%n", en.getKey(), en.getValue()));
        }
    }

    private static List<String[]> list(String tsv) throws Exception {
        List<String[]> items = new ArrayList<>();
        for (String line : Files.readAllLines(Paths.get(tsv), StandardCharsets.UTF_8)) {
            if (!line.isEmpty()) {
                String[] p = line.split("\t", 2);
                items.add(new String[] {p[1], Files.readString(Path.of(p[0]))});
            }
        }
        return items;
    }

    private static final java.lang.management.ThreadMXBean CPU = java.lang.management.ManagementFactory.getThreadMXBean();

    /** "[wall ms, main-thread CPU ms]", as bench/dfa-miss-ab.mjs prints them. */
    private static String timed(Engine engine, String[] item) {
        long s = System.nanoTime();
        long c = CPU.getCurrentThreadCpuTime();
        alone(engine, item);
        return "[" + Math.round((System.nanoTime() - s) / 1e6) + "," + Math.round((CPU.getCurrentThreadCpuTime() - c) / 1e6) + "]";
    }

    private static void probe(String[] args) throws Exception {
        Engine engine = new Engine();
        engine.loadClassModel(Files.readAllBytes(Paths.get(args[0])));
        String[] big = list(args[1]).get(0);
        List<String[]> warm = list(args[3]).subList(0, 150);
        Method budgetOf = Class.forName("org.apache.groovy.parser.antlr4.internal.atnmanager.AtnManager")
                .getMethod("parserCacheBudget", long.class);
        StringBuilder out = new StringBuilder("{\"first\":").append(timed(engine, big));
        for (String[] it : warm) {
            alone(engine, it);
        }
        out.append(",\"warmAll\":[").append(timed(engine, big)).append(',').append(timed(engine, big)).append(']');
        out.append(",\"coldDfaWarmCode\":[");
        for (int k = 0; k < 2; k++) {
            budgetOf.invoke(null, 1L);
            for (int j = 0; j < 8; j++) {
                alone(engine, new String[] {"file:///T.groovy", "class T {}\n"});
            }
            budgetOf.invoke(null, 1_000_000L);
            out.append(k > 0 ? "," : "").append("{\"entriesAfterClear\":").append(budgetOf.invoke(null, 0L))
                    .append(",\"ms\":").append(timed(engine, big)).append('}');
        }
        System.out.println(out.append("]}"));
    }

    private static void alone(Engine engine, String[] item) {
        engine.handle(Json.write(Json.obj("op", "open", "uri", item[0], "text", item[1])));
        String r = engine.handle(Json.write(Json.obj("op", "diagnostics", "uri", item[0])));
        if (!r.startsWith("{\"result\"")) {
            throw new IllegalStateException(r.substring(0, Math.min(300, r.length())));
        }
        engine.handle(Json.write(Json.obj("op", "close", "uri", item[0])));
    }
}
