package io.groovymcp.lint.rules;

import static io.groovymcp.lint.rules.Lint.expect;
import static io.groovymcp.lint.rules.Lint.lines;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class UnusedPrivateMemberTest {
    private static final String FIELD = "groovy/unused-private-field";
    private static final String METHOD = "groovy/unused-private-method";

    @Test
    void unusedPrivateFieldIsReported() {
        expect(FIELD, lines(
                "class A {",
                "    private int count = 0",
                "    private static final String NAME = 'x'",
                "    private String used",
                "    String show() { used }",
                "}"), "2:17", "3:33");
    }

    @Test
    void unusedPrivateFieldInScriptClassAndInnerClass() {
        expect(FIELD, lines(
                "class Outer {",
                "    static class Inner {",
                "        private List items",
                "    }",
                "}"), "3:22");
    }

    @Test
    void fieldsUsedAnyWayAreNotReported() {
        expect(FIELD, lines(
                "class A {",
                "    private int a = 1          // plain read",
                "    private int b              // this.@b",
                "    private int c              // GString",
                "    private int d              // closure",
                "    private int e              // written only",
                "    private int f              // property syntax on this",
                "    private int g              // from an anonymous class",
                "    private int h              // parameter default",
                "    private int i              // map constructor key",
                "    private int j              // other class, dynamic",
                "    private final Object lock = new Object()  // named in a string",
                "    def m(int x = h) {",
                "        println a + this.@b",
                "        println \"${c}\"",
                "        def cl = { d }",
                "        e = 5",
                "        println this.f",
                "        new Runnable() { void run() { println g } }",
                "        new A(i: 1)",
                "        synchronized (this) { 'lock' }",
                "    }",
                "}",
                "class B { def peek(A a) { a.j } }"));
    }

    @Test
    void fieldsTheCompilerOrTransformsOwnAreNotReported() {
        expect(FIELD, lines(
                "import groovy.transform.*",
                "class A implements Serializable {",
                "    private static final long serialVersionUID = 1L",
                "    String property                       // backing field is private",
                "    @Lazy private List lazy = [1]",
                "    @Delegate private List delegate = []",
                "}",
                "@ToString(includeFields = true)",
                "class B { private int shown }",
                "@groovy.util.logging.Log",
                "class C { void m() { log.info('x') } }",
                "@Field private int scriptField = 1"));
    }

    @Test
    void dynamicAccessSilencesTheModule() {
        expect(FIELD, lines(
                "class A {",
                "    private int secret",
                "    def read(String n) { this.\"$n\" }",
                "}"));
        expect(FIELD, lines(
                "class A {",
                "    private int secret",
                "    def read(String n) { this[n] }",
                "}"));
        expect(FIELD, lines(
                "class A {",
                "    private int secret",
                "    def all() { getClass().declaredFields }",
                "}"));
    }

    @Test
    void aFieldUsedFromAnotherFileOfTheUnitIsNotReported() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("A.groovy", "class A { private int secret }\n");
        files.put("B.groovy", "class B { def peek(A a) { a.secret } }\n");
        Compiled c = Compiled.of(files);
        assertEquals(List.of(), rules(LintRules.check(c.unit("A.groovy"), new LintContext("class"), true)));
        files.put("B.groovy", "class B { def peek(A a) { a.other } }\n");
        c = Compiled.of(files);
        assertEquals(List.of(FIELD), rules(LintRules.check(c.unit("A.groovy"), new LintContext("class"), true)));
    }

    @Test
    void filesOfOneUnitCanBeCheckedInAnyOrderAndAfterARelease() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("A.groovy", "class A { private int secret; private int lonely }\n");
        files.put("B.groovy", "class B { private int own; def peek(A a) { a.secret } }\n");
        Compiled c = Compiled.of(files);
        LintContext ctx = new LintContext("class");
        List<String> a1 = positions(LintRules.check(c.unit("A.groovy"), ctx, true));
        List<String> b1 = positions(LintRules.check(c.unit("B.groovy"), ctx, true));
        List<String> a2 = positions(LintRules.check(c.unit("A.groovy"), ctx, true));
        LintRules.release();
        List<String> b2 = positions(LintRules.check(c.unit("B.groovy"), ctx, true));
        assertEquals(List.of("1:43 " + FIELD), a1);
        assertEquals(List.of("1:23 " + FIELD), b1);
        assertEquals(a1, a2);
        assertEquals(b1, b2);
    }

    private static List<String> positions(List<Finding> f) {
        List<String> out = new ArrayList<>();
        for (Finding x : f) {
            out.add(x.line() + ":" + x.column() + " " + x.ruleId());
        }
        return out;
    }

    private static List<String> rules(List<Finding> f) {
        List<String> out = new ArrayList<>();
        for (Finding x : f) {
            out.add(x.ruleId());
        }
        return out;
    }

    @Test
    void findingsSpanTheDeclaredName() {
        List<Finding> f = Lint.run(lines(
                "class A {",
                "    private String label = 'x'",
                "    private void helper() {",
                "        println 'a long body'",
                "    }",
                "    private def 'quoted name'() { }",
                "}"), LintContext.CLASS);
        assertEquals(List.of("2:20-2:25 " + FIELD + " The private field 'label' is never used.",
                "3:18-3:24 " + METHOD + " The private method 'helper' is never called.",
                "6:5-6:36 " + METHOD + " The private method 'quoted name' is never called."), strings(f));
    }

    private static List<String> strings(List<Finding> f) {
        List<String> out = new ArrayList<>();
        for (Finding x : f) {
            out.add(x.toString());
        }
        return out;
    }

    @Test
    void unusedPrivateMethodIsReported() {
        expect(METHOD, lines(
                "class A {",
                "    private void helper() {}",
                "    private static int twice(int x) { x * 2 }",
                "    private void used() {}",
                "    void go() { used() }",
                "}",
                "private def scriptHelper() { 1 }"), "2:18", "3:24", "7:13");
    }

    @Test
    void methodsUsedAnyWayAreNotReported() {
        expect(METHOD, lines(
                "class A {",
                "    private void a() {}           // call",
                "    private void b() {}           // method pointer",
                "    private void c() {}           // method reference",
                "    private void d() {}           // from a closure",
                "    private int getE() { 1 }      // property syntax",
                "    private boolean isF() { true } // property syntax",
                "    private void g() {}           // from an inner class",
                "    private void h() {}           // invoked by name in a string",
                "    private static void i() {}    // static call",
                "    void go() {",
                "        a()",
                "        def p = this.&b",
                "        def r = this::c",
                "        [1].each { d() }",
                "        println e",
                "        println this.f",
                "        new Runnable() { void run() { g() } }",
                "        this.invokeMethod('h', null)",
                "        A.i()",
                "        println p; println r",
                "    }",
                "}"));
    }

    @Test
    void methodsTheRuntimeCallsAreNotReported() {
        expect(METHOD, lines(
                "class A implements Serializable {",
                "    private void writeObject(ObjectOutputStream out) {}",
                "    private void readObject(ObjectInputStream i) {}",
                "    private Object readResolve() { this }",
                "    private def methodMissing(String n, args) { null }",
                "    private def propertyMissing(String n) { null }",
                "    @Deprecated private void annotated() {}",
                "    private A plus(A other) { this }",
                "}",
                "trait T { private int helper() { 1 } }"));
    }

    @Test
    void dynamicMethodNamesSilenceTheModule() {
        expect(METHOD, lines(
                "class A {",
                "    private void secret() {}",
                "    def call(String n) { this.\"$n\"() }",
                "}"));
    }
}
