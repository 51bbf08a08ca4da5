package io.groovymcp.engine.oracle;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import io.groovymcp.engine.Engine;

/** The parity plan over the fixture corpus: no internal errors, bounded answers, a bounded plan. */
class CorpusSweepTest {
    @Test
    void everyToolAnswersEveryCorpusFile() throws IOException {
        String dir = System.getProperty("groovymcp.corpus");
        Path corpus = Paths.get(dir == null ? "../../test/fixtures/corpus" : dir);
        List<Path> files;
        try (Stream<Path> s = Files.list(corpus)) {
            files = s.filter(p -> p.toString().endsWith(".groovy")).sorted().collect(Collectors.toList());
        }
        List<String> plan = RequestPlan.build(corpus, files);
        assertTrue(plan.size() < 8500, "plan has " + plan.size() + " requests");
        String m = System.getProperty("groovymcp.classmodel");
        Engine e = new Engine();
        e.loadClassModel(Files.readAllBytes(Paths.get(m == null ? "../target/dist/classmodel.bin" : m)));
        List<String> bad = new ArrayList<>();
        for (String req : plan) {
            String ans = e.handle(req);
            // the ast op's bound is its node budget (20,000 nodes, a few MB), every other answer's is 512 KiB
            int limit = req.startsWith("{\"op\":\"ast\"") ? 4 * 1024 * 1024 : 512 * 1024;
            if (ans.contains("\"kind\":\"internal\"") || ans.length() > limit) {
                bad.add(req.substring(0, Math.min(200, req.length())) + " -> "
                        + ans.substring(0, Math.min(300, ans.length())));
            }
        }
        assertTrue(bad.isEmpty(), () -> bad.size() + " bad answers, first: " + String.join("\n", bad.subList(0,
                Math.min(10, bad.size()))));
    }
}
