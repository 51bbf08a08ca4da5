package io.groovymcp.lint.rules;

import static io.groovymcp.lint.rules.Lint.expect;
import static io.groovymcp.lint.rules.Lint.lines;

import org.junit.jupiter.api.Test;

class AssignmentInConditionTest {
    private static final String RULE = "groovy/assignment-in-condition";

    @Test
    void assignmentsAsConditionsAreReported() {
        expect(RULE, lines(
                "def a = 1, b = 2",
                "if (a = b) { println a }",
                "while (a = next()) { println a }",
                "do { println a } while (a = next())",
                "def t = (a = b) ? 1 : 2",
                "if (a > 0 && (a = b)) { }",
                "if (!(a = b)) { }",
                "for (int i = 0; a = next(); i++) { }",
                "def next() { null }"), "2:5", "3:8", "4:25", "5:9", "6:14", "7:6", "8:17");
    }

    @Test
    void aParenthesizedAssignmentIsReportedFromItsParenthesis() {
        // The compiler's range of a parenthesized expression starts at '('.
        expect(RULE, "def a, b\nif (a || (a = b)) { }\n", "2:10");
    }

    @Test
    void comparisonsAndMarkedAssignmentsAreNotReported() {
        expect(RULE, lines(
                "def a = 1, b = 2, line",
                "def r = new StringReader('x\\ny').newReader()",
                "if (a == b) { }",
                "if ((a = b)) { }                          // extra parentheses: intended",
                "while ((line = r.readLine()) != null) { } // compared, not tested",
                "while ((line = r.readLine())) { }",
                "if (a += 1) { }                           // compound assignment is not '=' for '=='",
                "def t = a ?: b                             // elvis has no condition to mistype",
                "def u = ((a = b)) ? 1 : 2",
                "def v = a = b ? 1 : 2                      // assigns the ternary; its condition is b"));
    }
}
