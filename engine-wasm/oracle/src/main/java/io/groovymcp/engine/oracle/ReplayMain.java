package io.groovymcp.engine.oracle;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;

import io.groovymcp.engine.Engine;

/**
 * Development aid: replays an oracle plan with whatever facade is on the class path (for example the JVM with the
 * TeaVM patches jar in front, which reproduces wasm behaviour in seconds) and prints every answer that differs from
 * the oracle's, with stack traces of internal failures. Usage: {@code ReplayMain <classmodel.bin> <oracleDir>}.
 */
public final class ReplayMain {
    private ReplayMain() {
    }

    public static void main(String[] args) throws IOException {
        Engine engine = new Engine();
        engine.loadClassModel(Files.readAllBytes(Paths.get(args[0])));
        engine.handle("{\"op\":\"verbose\",\"on\":true}");
        List<String> plan = Files.readAllLines(Paths.get(args[1], "plan.jsonl"), StandardCharsets.UTF_8);
        List<String> answers = Files.readAllLines(Paths.get(args[1], "answers.jsonl"), StandardCharsets.UTF_8);
        int diffs = 0;
        for (int i = 0; i < plan.size(); i++) {
            String got = engine.handle(plan.get(i));
            if (!got.equals(answers.get(i))) {
                diffs++;
                System.out.println("request: " + cut(plan.get(i), 160));
                System.out.println("  oracle: " + cut(answers.get(i), 400));
                System.out.println("  here:   " + cut(got, 400));
            }
        }
        System.out.println(diffs + " differences in " + plan.size() + " requests");
    }

    private static String cut(String s, int n) {
        return s.length() > n ? s.substring(0, n) + "..." : s;
    }
}
