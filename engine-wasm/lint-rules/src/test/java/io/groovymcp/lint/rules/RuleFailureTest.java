package io.groovymcp.lint.rules;

import static io.groovymcp.lint.rules.Lint.lines;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.groovymcp.lint.rules.ast.Rule;
import io.groovymcp.lint.rules.ast.Unit;

/** No input may fail a file: a rule that throws costs its own findings for that file, never the others'. */
class RuleFailureTest {
    private static final String SRC = lines("def f() {", "    return 1", "    println 'x'", "}");

    @Test
    void aThrowingRuleCostsOnlyItsOwnFindings() {
        Compiled c = Compiled.of(SRC);
        Rule halfThenThrow = u -> {
            u.report(new Finding("test/half", "reported before the failure", 1, 1, 1, 2));
            throw new IllegalStateException("an AST shape the rule did not expect");
        };
        Rule deep = u -> {
            throw new StackOverflowError();
        };
        Unit u = new Unit(c.unit(), new LintContext(LintContext.SCRIPT));
        LintRules.run(new Rule[] {halfThenThrow, new io.groovymcp.lint.rules.groovy.UnreachableCode(), deep}, u,
                false);
        assertEquals(1, u.findings().size(), String.valueOf(u.findings()));
        assertEquals("groovy/unreachable-code", u.findings().get(0).ruleId());
    }

    /** The Jenkinsfile that once failed its unit: every rule runs on it strictly, and none throws. */
    @Test
    void aRepeatedLibraryImportLintsCleanly() {
        String src = lines("@Library('x') import y", "@Library('x') import y", "node { echo 'hi' }");
        List<Finding> found = Lint.run(src, LintContext.JENKINS);
        assertTrue(found.isEmpty(), String.valueOf(found));
    }
}
