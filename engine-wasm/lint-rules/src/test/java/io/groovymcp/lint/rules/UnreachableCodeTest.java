package io.groovymcp.lint.rules;

import static io.groovymcp.lint.rules.Lint.expect;
import static io.groovymcp.lint.rules.Lint.lines;

import org.junit.jupiter.api.Test;

class UnreachableCodeTest {
    private static final String RULE = "groovy/unreachable-code";

    @Test
    void statementsAfterJumpsAreReported() {
        expect(RULE, lines(
                "def f(x) {",
                "    if (x) {",
                "        return 1",
                "        println 'never'",
                "        println 'reported once per block'",
                "    }",
                "    throw new IllegalStateException()",
                "    x++",
                "}",
                "for (i in 1..3) {",
                "    if (i == 2) { continue; println i }",
                "    break",
                "    println i",
                "}",
                "[1].each { return; println it }"), "4:9", "8:5", "11:29", "13:5", "15:20");
    }

    @Test
    void reachableCodeIsNotReported() {
        expect(RULE, lines(
                "def f(x) {",
                "    if (x) return 1",
                "    println 'reachable: the return is inside the if'",
                "    switch (x) {",
                "        case 1: println 'one'; break",
                "        case 2: println 'two'",
                "    }",
                "    try { return 2 } finally { println 'finally runs' }",
                "    return 3",
                "}",
                "def g() {",
                "    [1].each { return }",
                "    println 'after a closure that returns'",
                "}"));
    }
}
