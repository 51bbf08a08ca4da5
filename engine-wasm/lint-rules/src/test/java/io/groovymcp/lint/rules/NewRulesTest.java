package io.groovymcp.lint.rules;

import static io.groovymcp.lint.rules.Lint.expect;
import static io.groovymcp.lint.rules.Lint.expectIn;
import static io.groovymcp.lint.rules.Lint.lines;

import org.junit.jupiter.api.Test;

class NewRulesTest {
    private static final String C = LintContext.CLASS;

    @Test
    void unusedParametersWhereTheAuthorChoseTheSignature() {
        expectIn(C, "groovy/unused-parameter", lines(
                "class Calc {",
                "    int add(int a, int b) { return a * 2 }",
                "    private String fmt(String s, Locale l) { s.trim() }",
                "    Calc(String name) { println 'no name' }",
                "    int used(int a, int b) { [1].collect { a + b }.sum() }",
                "    int defaults(int a, int b = a) { b }",
                "}"), "2:24", "3:41", "4:17");
    }

    @Test
    void unusedParametersWhereSomethingElseDictatesTheSignatureAreNotReported() {
        expectIn(C, "groovy/unused-parameter", lines(
                "interface Shape { double area(double scale) }",
                "class Square implements Shape { double area(double scale) { 4 } }",
                "class Square2 implements Shape { double area(double scale) { println 'x'; 4 } }",
                "abstract class Base { abstract void run(int n); void hook(String s) { println 'default' } }",
                "class Impl extends Base {",
                "    void run(int n) { println 'ignores n' }",
                "    @Override void hook(String s) { println 'x' }",
                "}",
                "class Listener extends Thread { void run() {}; void setName2(String n) { println 'x' } }",
                "class Stubs {",
                "    void noop(String s) {}",
                "    String fixed(String s) { 'constant' }",
                "    void unsupported(String s) { throw new UnsupportedOperationException() }",
                "    static void main(String[] args) { println 'hi' }",
                "    def methodMissing(String name, args) { println 'x' }",
                "    @Subscribe void onEvent(Object e) { println 'x' }",
                "    void ignored(String _unused, String ignored) { println 'x' }",
                "    void closures() { [1, 2].eachWithIndex { v, i -> println v } }",
                "}",
                "trait Greeter { String greet(String who) { 'hello' + 1 } }",
                "class Parent { void onEvent(String e) { println 'base ignores it' } }",
                "class Child extends Parent { void onEvent(String e) { println e } }",
                "@interface Subscribe {}",
                "class Category { static int size(Object self, String s) { s.size() } }",
                "class Category2 { static int twice(String v, int n) { n * 2 } }",
                "class Op { Op plus(Op o) { println 'x'; this } }",
                "enum E { A(1); E(int n) {} }",
                "class Mop { Object get(String key) { println 'x'; 1 } }"),
                "9:69");
    }

    @Test
    void spockFeatureAndFixtureMethodsKeepTheirParameters() {
        expectIn(C, "groovy/unused-parameter", lines(
                "class Specification {}",
                "class S extends Specification {",
                "    def 'f'(int a, int b) {",
                "        expect:",
                "        a > 0",
                "        where:",
                "        a << [1]",
                "        b << [2]",
                "    }",
                "    def helper(String s) { println 'helpers are ordinary methods' }",
                "    def setup() { println 'fixture' }",
                "}"), "10:23");
    }

    @Test
    void localsAssignedButNeverRead() {
        expect("groovy/unread-local-variable", lines(
                "def f() {",
                "    def a = 1",
                "    a = 2",
                "    def b",
                "    b = compute()",
                "    println b",
                "    def c = 0",
                "    c += 1",
                "    def d = 0",
                "    [1].each { d = it }",
                "    def e = 1",
                "    e = e + 1",
                "    def g",
                "    g = 1",
                "    return \"$g\"",
                "}",
                "def compute() { 1 }"), "2:9", "9:9");
        // never referenced at all is the other rule, never both
        expect("groovy/unused-local-variable", "def f() { def a = 1; a = 2 }\n");
        expect("groovy/unread-local-variable", "def f() { def a = 1 }\n");
    }

    @Test
    void constantConditions() {
        expect("groovy/constant-condition", lines(
                "def f(x, double d) {",
                "    if (true) println 1",
                "    while (false) { println 2 }",
                "    if (1 == 2) println 3",
                "    if (x == x) println 4",
                "    if (x && false) println 5",
                "    println(x == 1 ? 'a' : 'b')",
                "    println(null ? 'a' : 'b')",
                "    if (!true) println 6",
                "    if (d != d) println 'NaN: not reported'",
                "    while (true) { break }",
                "    for (;;) { break }",
                "    do { println 7 } while (true)",
                "    if (x.size() == x.size()) println 'calls: not reported'",
                "    if (DEBUG) println 'a named switch: not reported'",
                "}",
                "DEBUG = false"), "2:9", "3:12", "4:9", "5:9", "6:14", "8:13", "9:10");
    }

    @Test
    void equalsWithoutHashCodeAndTheReverse() {
        expectIn(C, "groovy/equals-hashcode", lines(
                "class A { boolean equals(Object o) { o instanceof A } }",
                "class B { int hashCode() { 1 } }",
                "class Both { boolean equals(Object o) { true }; int hashCode() { 1 } }",
                "@groovy.transform.EqualsAndHashCode class Gen { String n; boolean equals(Object o) { true } }",
                "class Overload { boolean equals(Both o) { true } }",
                "class Sub extends Both { boolean equals(Object o) { false } }",
                "class Unknown extends missing.Base { boolean equals(Object o) { false } }"), "1:19", "2:15");
    }

    @Test
    void compareToWithoutComparable() {
        expectIn(C, "groovy/compareto-without-comparable", lines(
                "class V { int n; int compareTo(V o) { n <=> o.n } }",
                "class W implements Comparable<W> { int n; int compareTo(W o) { n <=> o.n } }",
                "class X extends W { int compareTo(W o) { 0 } }",
                "class Y extends missing.Base { int compareTo(Y o) { 0 } }",
                "interface I { int compareTo(Object o) }"), "1:22");
    }
}
