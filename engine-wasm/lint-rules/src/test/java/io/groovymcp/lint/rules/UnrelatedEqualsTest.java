package io.groovymcp.lint.rules;

import static io.groovymcp.lint.rules.Lint.expect;
import static io.groovymcp.lint.rules.Lint.lines;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import groovy.lang.GroovyClassLoader;
import org.junit.jupiter.api.Test;

class UnrelatedEqualsTest {
    private static final String RULE = "groovy/unrelated-equals";

    @Test
    void neverEqualComparisonsAreReported() {
        expect(RULE, lines(
                "import groovy.transform.*",
                "enum Color { RED }",
                "enum Size { BIG }",
                "@TypeChecked",
                "class A {",
                "    void m(Color c, Integer n, boolean flag) {",
                "        println flag == 1",
                "        println c == Size.BIG",
                "        println c == 'RED'",
                "        println 'abc' == n",
                "        println String == 'java.lang.String'",
                "        println flag != 'true'",
                "        def inferred = true",
                "        println inferred == 'yes'",
                "    }",
                "}",
                "@CompileStatic",
                "def s(Color c) { c == 0 }"), "7:17", "8:17", "9:17", "10:17", "11:17", "12:17", "14:17", "18:18");
    }

    @Test
    void comparableOrUnknownComparisonsAreNotReported() {
        expect(RULE, lines(
                "import groovy.transform.*",
                "enum Color { RED }",
                "@TypeChecked",
                "class A {",
                "    void m(int i, long l, char ch, String s, Color c, Object o, CharSequence cs, Boolean b, Integer n) {",
                "        println i == l             // numbers compare across types",
                "        println 1 == 1.0",
                "        println ch == 'a'          // char and one-char string",
                "        println ch == 97           // char and its code",
                "        println 'A' == 65          // a one-character string and its code: true in Groovy",
                "        println s == 10            // s may be one character long",
                "        println \"${c}\" == c        // a GString compares by text",
                "        println \"${s}\" == true",
                "        println o == 1             // Object: anything",
                "        println cs == 1            // an interface",
                "        println b == n             // both may be null, and null == null",
                "        println c == null",
                "        def q = 'a'",
                "        q = 1",
                "        println q == 1             // flow typing: q is an Integer here",
                "    }",
                "}",
                "def dynamicCode() { true == 1 }   // not type-checked: no INFERRED_TYPE, no judgement"));
    }

    /**
     * The rule's table against the runtime: every comparison the rule reports, among literals and flow-typed
     * variables of every kind it knows, must be false when run, under @CompileStatic and under @TypeChecked (whose
     * runtime is dynamic Groovy). The comparisons it does not report include some that are true, which the test also
     * checks, so that a table that reported too much would fail here.
     */
    @Test
    void everyReportedComparisonIsFalseAtRunTime() throws Exception {
        String[] values = {
            "true", "1", "65", "1.0G", "('A' as char)", "'true'", "'A'", "'65'", "'RED'", "E1.A", "E1.RED", "E2.A",
            "String", "Boolean",
        };
        for (String mode : new String[] {"CompileStatic", "TypeChecked"}) {
            List<String> cases = new ArrayList<>();
            for (String a : values) {
                for (String b : values) {
                    cases.add("(" + a + ") == (" + b + ")");
                    cases.add("def x = " + a + "; def y = " + b + "; x == y");
                }
            }
            int reported = 0;
            int trueButUnreported = 0;
            long t0 = System.nanoTime();
            Compiled c = Compiled.of(source(mode, cases));
            List<String> kept = cases;
            if (!c.errors().isEmpty()) {
                kept = compilable(c, cases);
                c = Compiled.of(source(mode, kept));
            }
            String src = source(mode, kept);
            assertEquals(List.of(), c.errors(), "the generated cases compile");
            long t1 = System.nanoTime();
            Set<Integer> lines = new HashSet<>();
            for (Finding f : LintRules.check(c.unit(), new LintContext("class"), true)) {
                if (f.ruleId().equals(RULE)) {
                    lines.add(f.line());
                }
            }
            try (GroovyClassLoader loader = new GroovyClassLoader()) {
                Class<?> cls = loader.parseClass(src, "Cases.groovy").getClassLoader().loadClass("Cases");
                for (int i = 0; i < kept.size(); i++) {
                    Method m = cls.getMethod("c" + i);
                    boolean result = (Boolean) m.invoke(null);
                    boolean isReported = lines.contains(FIRST_CASE_LINE + i);
                    if (isReported) {
                        reported++;
                        assertTrue(!result, mode + ": reported but true at run time: " + kept.get(i));
                    } else if (result) {
                        trueButUnreported++;
                    }
                }
            }
            System.err.println(mode + ": " + (t1 - t0) / 1000000 + " ms to lint, " + (System.nanoTime() - t1) / 1000000 + " ms to run; " + kept.size() + " cases, " + reported + " reported, " + trueButUnreported + " true and unreported");
            assertTrue(reported > 30, mode + ": the rule reports the never-equal pairs (" + reported + ")");
            assertTrue(trueButUnreported > 30, mode + ": the cases include equal values (" + trueButUnreported + ")");
        }
    }

    private static final int FIRST_CASE_LINE = 4;

    private static String source(String mode, List<String> cases) {
        StringBuilder sb = new StringBuilder();
        sb.append("enum E1 { A, TRUE, RED }\n");
        sb.append("enum E2 { A, TRUE }\n");
        sb.append("@groovy.transform.").append(mode).append(" class Cases {\n");
        for (int i = 0; i < cases.size(); i++) {
            sb.append("    static boolean c").append(i).append("() { ").append(cases.get(i)).append(" }\n");
        }
        sb.append("}\n");
        return sb.toString();
    }

    /** Drops the comparisons the type checker itself rejects (they never reach the rule). */
    private static List<String> compilable(Compiled c, List<String> cases) {
        Set<Integer> bad = new HashSet<>();
        for (String e : c.errors()) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("@ line (\\d+)").matcher(e);
            while (m.find()) {
                bad.add(Integer.parseInt(m.group(1)));
            }
        }
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            if (!bad.contains(FIRST_CASE_LINE + i)) {
                kept.add(cases.get(i));
            }
        }
        return kept;
    }
}
