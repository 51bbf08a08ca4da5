package io.groovymcp.lint.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

/** Test helper: compile like the facade, run the rules strictly (a rule that throws fails the test). */
final class Lint {
    private Lint() {
    }

    static List<Finding> run(String source, String kind) {
        Compiled c = Compiled.of(source);
        return LintRules.check(c.unit(), new LintContext(kind), true);
    }

    static List<Finding> run(String source) {
        return run(source, LintContext.SCRIPT);
    }

    /** The findings of one rule, as "line:column" strings. */
    static List<String> of(String ruleId, String source, String kind) {
        List<String> out = new ArrayList<>();
        for (Finding f : run(source, kind)) {
            if (f.ruleId().equals(ruleId)) {
                out.add(f.line() + ":" + f.column());
            }
        }
        return out;
    }

    static List<String> of(String ruleId, String source) {
        return of(ruleId, source, LintContext.SCRIPT);
    }

    /** Asserts that {@code ruleId} reports exactly at these "line:column" positions in a file of {@code kind}. */
    static void expectIn(String kind, String ruleId, String source, String... at) {
        List<String> want = new ArrayList<>();
        for (String a : at) {
            want.add(a);
        }
        assertEquals(want, of(ruleId, source, kind), ruleId + " on:\n" + source + "\nall findings: " + run(source, kind));
    }

    /** The same in a plain script. */
    static void expect(String ruleId, String source, String... at) {
        expectIn(LintContext.SCRIPT, ruleId, source, at);
    }

    static String lines(String... lines) {
        return String.join("\n", lines) + "\n";
    }
}
