package io.groovymcp.lint.rules;

import static io.groovymcp.lint.rules.Lint.expectIn;
import static io.groovymcp.lint.rules.Lint.lines;

import org.junit.jupiter.api.Test;

/** Spock specifications, with Spock not on the class path (the usual lint run): recognised by name. */
class SpockBlocksTest {
    private static final String C = LintContext.CLASS;
    private static final String UNREACHABLE = "groovy/unreachable-code";

    @Test
    void aThenBlockAfterAThrowingWhenBlockIsReachable() {
        expectIn(C, UNREACHABLE, lines(
                "import spock.lang.Specification",
                "class StackSpec extends Specification {",
                "    def 'pop on an empty stack throws'() {",
                "        given:",
                "        def stack = []",
                "        when:",
                "        throw new IllegalStateException('empty')",
                "        then:",
                "        def e = thrown(IllegalStateException)",
                "        e.message == 'empty'",
                "        cleanup:",
                "        stack.clear()",
                "    }",
                "    def 'a statement after the throw in the same block, also after and:, never runs'() {",
                "        when:",
                "        throw new IllegalStateException()",
                "        println 'never'",
                "        then:",
                "        thrown(IllegalStateException)",
                "    }",
                "    def 'and: continues the block it follows'() {",
                "        when:",
                "        throw new IllegalStateException()",
                "        and:",
                "        println 'never'",
                "        then:",
                "        thrown(IllegalStateException)",
                "    }",
                "    def helper() {",
                "        return 1",
                "        then:",
                "        println 'a helper of a spec is a feature method only when it has labels'",
                "    }",
                "}"), "17:9", "25:9");
    }

    @Test
    void specificationsAreRecognisedByNameAndThroughSuperclassesOfTheUnit() {
        String body = lines(
                "    def 'f'() {",
                "        when:",
                "        throw new RuntimeException()",
                "        then:",
                "        thrown(RuntimeException)",
                "    }",
                "}");
        expectIn(C, UNREACHABLE, "class A extends spock.lang.Specification {\n" + body);
        expectIn(C, UNREACHABLE, "abstract class Base extends Specification {}\nclass B extends Base {\n" + body);
        // A base specification the compile cannot see: then: or expect: labels make it a feature method.
        expectIn(C, UNREACHABLE, "class D extends org.acme.BaseSpec {\n" + body);
        String plainLabels = "class E extends org.acme.Base {\n    def f() {\n        when:\n"
                + "        throw new RuntimeException()\n        after:\n        println 'x'\n    }\n}\n";
        expectIn(C, UNREACHABLE, plainLabels, "6:9");
        // Not a specification: labels are plain Groovy labels there and the throw ends the block.
        expectIn(C, UNREACHABLE, "class NotASpec {\n" + body, "6:9");
    }

    @Test
    void dataTablesAndThenComparisonsFeedNoConditionRule() {
        String spec = lines(
                "import spock.lang.Specification",
                "class MathSpec extends Specification {",
                "    def 'maximum of #a and #b is #c'() {",
                "        expect:",
                "        Math.max(a, b) == c",
                "        1 == 1",
                "        when:",
                "        def x = a",
                "        then:",
                "        x == x",
                "        where:",
                "        a | b || c",
                "        1 | 3 || 3",
                "        true | false || true",
                "        x = 1",
                "    }",
                "}");
        // With Spock missing the compile stops before variables are bound; a Specification of the unit binds them.
        String bound = spec.replace("import spock.lang.Specification", "class Specification {}");
        for (String rule : new String[] {"groovy/assignment-in-condition", "groovy/constant-condition",
                "groovy/unrelated-equals", "groovy/unused-parameter", "groovy/unread-local-variable",
                "groovy/unused-local-variable", UNREACHABLE}) {
            expectIn(C, rule, spec);
            expectIn(C, rule, bound);
        }
    }
}
