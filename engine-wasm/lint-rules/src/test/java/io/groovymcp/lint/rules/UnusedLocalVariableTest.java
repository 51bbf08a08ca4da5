package io.groovymcp.lint.rules;

import static io.groovymcp.lint.rules.Lint.expect;
import static io.groovymcp.lint.rules.Lint.expectIn;
import static io.groovymcp.lint.rules.Lint.lines;

import org.junit.jupiter.api.Test;

class UnusedLocalVariableTest {
    private static final String RULE = "groovy/unused-local-variable";

    @Test
    void unusedLocalsAreReported() {
        expect(RULE, lines(
                "def a = 1",
                "String b = 'x'",
                "def c = 3",
                "println c",
                "void m() {",
                "    int d = 4",
                "    [1].each { def e = it }",
                "}"), "1:5", "2:8", "6:9", "7:20");
    }

    @Test
    void aScriptLocalReadOnlyFromAMethodIsUnused() {
        // Methods of a script cannot see its locals: the read in m() is a binding lookup that fails at run time.
        expect(RULE, lines(
                "def x = 1",
                "void m() { println x }"), "1:5");
    }

    @Test
    void everyKindOfReferenceCounts() {
        expect(RULE, lines(
                "def a = 1; println a                      // read",
                "def b = 1; b = 2                          // write",
                "def c = 'x'; println \"${c}\"               // GString",
                "def d = 1; def cl = { d }; cl()          // closure",
                "def e = 1; def r = new Runnable() { void run() { println e } }; r.run()",
                "def f = 1; [1].each { [2].each { println f } }   // nested closures",
                "def g = [1]; for (x in g) { println x }  // loop source",
                "for (int i = 0; i < 2; i++) {}           // classic for",
                "def h = 2; def (p, q) = [h, h]; println p + q",
                "def k = 1; k++"));
    }

    @Test
    void intentionalAndSpecialDeclarationsAreNotReported() {
        expect(RULE, lines(
                "import groovy.transform.Field",
                "@Field def shared = 1                    // a field, not a local",
                "def (first, second) = [1, 2]             // destructuring",
                "def _ = 1",
                "def _skip = 2",
                "def ignored = 3",
                "try (def r = new StringReader('x')) {}   // resource, closed by try",
                "for (x in [1, 2]) {}                     // loop variable",
                "try { } catch (Exception e) { println 'no' }"));
    }

    @Test
    void worksInClassesAndDslScripts() {
        expectIn(LintContext.GRADLE, RULE, lines(
                "def version = '1.0'",
                "def unusedThing = 'x'",
                "dependencies {",
                "    implementation \"a:b:$version\"",
                "}"), "2:5");
        expectIn(LintContext.CLASS, RULE, lines(
                "class A {",
                "    A() { def x = 1 }",
                "    static { def y = 2 }",
                "    def f = { def z = 3; z }",
                "}"), "2:15", "3:18");
    }
}
