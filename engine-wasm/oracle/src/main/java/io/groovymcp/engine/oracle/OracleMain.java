package io.groovymcp.engine.oracle;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.groovymcp.engine.Engine;

/**
 * The JVM oracle. It builds a request plan from the fixture corpus and answers it with the facade on HotSpot and the
 * real Groovy jar. The wasm test replays the same plan and must produce the same bytes, line for line.
 *
 * <p>Usage: {@code OracleMain <classmodel.bin> <corpusDir> <outDir>}; writes {@code plan.jsonl} and
 * {@code answers.jsonl}.
 */
public final class OracleMain {
    private OracleMain() {
    }

    public static void main(String[] args) throws IOException {
        Path model = Paths.get(args[0]);
        Path corpus = Paths.get(args[1]);
        Path out = Paths.get(args[2]);
        Files.createDirectories(out);
        List<Path> files;
        try (Stream<Path> s = Files.list(corpus)) {
            files = s.filter(p -> p.toString().endsWith(".groovy")).sorted().collect(Collectors.toList());
        }
        List<String> plan = RequestPlan.build(corpus, files);
        Engine engine = new Engine();
        engine.loadClassModel(Files.readAllBytes(model));
        long t0 = System.nanoTime();
        // On HotSpot ANTLR's DefaultErrorStrategy prints "unknown recognition error type: ...LexerNoViableAltException"
        // for each lexer error of the corpus's broken fixtures (the wasm build silences it in teavm-patches). The
        // answers hold the compiler's diagnostic already; in the build's output the line reads as a failure.
        PrintStream err = System.err;
        System.setErr(new PrintStream(err, true) {
            @Override
            public void println(String line) {
                if (line == null || !line.startsWith("unknown recognition error type: ")) {
                    super.println(line);
                }
            }
        });
        try (Writer planOut = Files.newBufferedWriter(out.resolve("plan.jsonl"), StandardCharsets.UTF_8);
             Writer answers = Files.newBufferedWriter(out.resolve("answers.jsonl"), StandardCharsets.UTF_8)) {
            for (String request : plan) {
                planOut.write(request);
                planOut.write('\n');
                answers.write(engine.handle(request));
                answers.write('\n');
            }
        } finally {
            System.setErr(err);
        }
        System.err.println("oracle: " + files.size() + " sources, " + plan.size() + " requests in "
                + (System.nanoTime() - t0) / 1_000_000 + " ms");
    }
}
