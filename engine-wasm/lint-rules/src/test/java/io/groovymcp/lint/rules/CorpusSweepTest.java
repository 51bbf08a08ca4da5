package io.groovymcp.lint.rules;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Every rule, strictly (a rule that throws fails the test), over the repository's fixture corpus: real-world shapes
 * of Groovy, broken and clean, scripts, classes, DSLs. The findings go to target/lint-rules-corpus.txt for review.
 */
class CorpusSweepTest {
    @Test
    void everyRuleRunsOnEveryCorpusFile() throws IOException {
        Path corpus = Paths.get("../../test/fixtures/corpus");
        assertTrue(Files.isDirectory(corpus), corpus.toAbsolutePath().toString());
        List<Path> files;
        try (Stream<Path> s = Files.walk(corpus)) {
            files = s.filter(p -> p.toString().endsWith(".groovy") || p.toString().endsWith(".gradle")
                    || p.getFileName().toString().startsWith("Jenkinsfile")).sorted().collect(Collectors.toList());
        }
        assertTrue(files.size() > 100, "corpus files: " + files.size());
        List<String> report = new ArrayList<>();
        int findings = 0;
        long compileNanos = 0;
        long lintNanos = 0;
        for (Path p : files) {
            String src = new String(Files.readAllBytes(p), StandardCharsets.UTF_8);
            long t0 = System.nanoTime();
            Compiled c = Compiled.of(src);
            long t1 = System.nanoTime();
            compileNanos += t1 - t0;
            String name = p.getFileName().toString();
            String kind = name.startsWith("Jenkinsfile") || name.contains("jenkins") ? LintContext.JENKINS
                    : name.endsWith(".gradle") ? LintContext.GRADLE : LintContext.SCRIPT;
            List<Finding> found = LintRules.check(c.unit(), new LintContext(kind), true);
            lintNanos += System.nanoTime() - t1;
            for (Finding f : found) {
                report.add(corpus.relativize(p) + ":" + f);
                findings++;
            }
        }
        report.add("# " + files.size() + " files, " + findings + " findings; compile " + compileNanos / 1000000
                + " ms, lint " + lintNanos / 1000000 + " ms (JVM, cold)");
        Files.createDirectories(Paths.get("target"));
        Files.write(Paths.get("target/lint-rules-corpus.txt"), report, StandardCharsets.UTF_8);
        assertTrue(findings > 0, "the corpus has findings");
    }
}
