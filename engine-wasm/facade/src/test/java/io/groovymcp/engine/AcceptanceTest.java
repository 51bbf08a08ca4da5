package io.groovymcp.engine;

import static io.groovymcp.engine.QueryCases.at;
import static io.groovymcp.engine.QueryCases.ch;
import static io.groovymcp.engine.QueryCases.err;
import static io.groovymcp.engine.QueryCases.hasLabel;
import static io.groovymcp.engine.QueryCases.item;
import static io.groovymcp.engine.QueryCases.line;
import static io.groovymcp.engine.QueryCases.list;
import static io.groovymcp.engine.QueryCases.num;
import static io.groovymcp.engine.QueryCases.ok;
import static io.groovymcp.engine.QueryCases.open;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The reference engine's 19 acceptance cases (research notes 4.1), carried over to the facade's ops. */
class AcceptanceTest {
    static Engine shared;
    Engine e;

    @BeforeEach
    void setUp() throws IOException {
        if (shared == null) {
            shared = EngineCases.newEngine();
        }
        e = shared;
        for (String u : e.openUris()) {
            ok(e, "op", "close", "uri", u);
        }
    }

    static final String U = "groovy-buffer:sample";

    @Test
    void case01BufferCompileNoFile() {
        open(e, U, "class Sample {\n    def ping() { ping() }\n}\n");
        assertTrue(String.valueOf(at(e, "describe", U, 0, 6).get("markdown")).contains("Sample"));
        List<Map<String, Object>> locs = list(at(e, "definition", U, 1, 8), "locations");
        assertFalse(locs.isEmpty());
        assertTrue(String.valueOf(locs.get(0).get("snippet")).contains("ping"));
        assertTrue(num(at(e, "references", U, 1, 8), "total") >= 1);
        List<Map<String, Object>> syms = list(ok(e, "op", "symbols", "query", "Sam"), "symbols");
        assertTrue(hasLabelName(syms, "Sample"));
        assertFalse(list(ok(e, "op", "tokens", "uri", U), "tokens").isEmpty());
    }

    static boolean hasLabelName(List<Map<String, Object>> syms, String name) {
        for (Map<String, Object> s : syms) {
            if (name.equals(s.get("name"))) {
                return true;
            }
        }
        return false;
    }

    @Test
    void case02UpdateRecompilesOnQuery() {
        open(e, U, "class Ok {}");
        assertTrue(hasLabelName(list(ok(e, "op", "symbols", "uri", U), "symbols"), "Ok"));
        open(e, U, "class Broken { def x = }");
        Map<String, Object> d = ok(e, "op", "diagnostics", "uri", U);
        assertTrue(num(d, "errorCount") >= 1);
        for (Map<String, Object> x : list(d, "diagnostics")) {
            assertNotNull(x.get("message"));
            assertNotNull(x.get("severity"));
        }
        open(e, U, "class Fixed {}");
        List<Map<String, Object>> syms = list(ok(e, "op", "symbols", "query", ""), "symbols");
        assertTrue(hasLabelName(syms, "Fixed"));
        assertFalse(hasLabelName(syms, "Ok"));
    }

    @Test
    void case03ClosedBuffer() {
        open(e, U, "class A {}");
        ok(e, "op", "close", "uri", U);
        Map<String, Object> er = err(e, "op", "describe", "uri", U, "line", 0, "character", 0);
        assertEquals("state", er.get("kind"));
        assertTrue(String.valueOf(er.get("message")).contains("not open"));
        // diagnostics goes through the same op table and refuses a closed buffer the same way
        Map<String, Object> de = err(e, "op", "diagnostics", "uri", U);
        assertEquals("state", de.get("kind"));
        assertEquals("not open: " + U, de.get("message"));
        assertEquals(false, ok(e, "op", "close", "uri", U).get("closed"));
        assertEquals("argument", err(e, "op", "open", "text", "x").get("kind"));
    }

    @Test
    void case04UnboundCallRenameRefused() {
        open(e, U, "class Hello {\n    def run(def o) { o.mystery() }\n    def mystery() {}\n}");
        Map<String, Object> r = at(e, "rename", U, 1, 23, "newName", "enigma");
        assertEquals(0, num(r, "changeCount"));
        assertNotNull(r.get("refused"));
        // from the declaration: the dynamic call o.mystery() may reach it, so rename refuses and names that site
        Map<String, Object> d = at(e, "rename", U, 2, 9, "newName", "enigma");
        assertEquals(0, num(d, "changeCount"));
        assertTrue(String.valueOf(d.get("refused")).contains(U + ":2:24"), String.valueOf(d));
        // a call on a typed receiver of another class is not a hazard
        open(e, U, "class Hello {\n    def run(List o) { o.add(1) }\n    def add(x) {}\n}");
        assertEquals(1, num(at(e, "rename", U, 2, 9, "newName", "plus"), "changeCount"));
    }

    @Test
    void case04bTypedLocalBindsAndRenameNamesUnprovenSites() {
        open(e, U, "class Calc { int add(int a, int b) { a + b } }\ndef calc = new Calc()\nprintln calc.add(1, 2)\n");
        Map<String, Object> r = at(e, "rename", U, 0, 18, "newName", "plus");
        assertEquals(2, num(r, "changeCount"), String.valueOf(r));
        assertEquals(2, num(at(e, "references", U, 0, 18), "total"));
        open(e, U, "class Calc { int add(int a, int b) { a + b } }\ndef calc = new Calc()\ncalc = null\n"
                + "calc?.add(1, 2)\n");
        Map<String, Object> refused = at(e, "rename", U, 0, 18, "newName", "plus");
        assertEquals(0, num(refused, "changeCount"));
        assertTrue(String.valueOf(refused.get("refused")).contains(U + ":4:7"), String.valueOf(refused));
    }

    @Test
    void case05IdentityNotName() {
        open(e, U, "class Hello { def foo(String bar) { foo(bar) } }");
        open(e, "groovy-buffer:other", "class Other { def foo() {} }");
        Map<String, Object> r = at(e, "rename", U, 0, 19, "newName", "qux");
        assertTrue(num(r, "changeCount") >= 1);
        for (Map<String, Object> c : list(r, "changes")) {
            assertEquals(U, c.get("uri"));
        }
        for (Map<String, Object> c : list(at(e, "references", U, 0, 19), "locations")) {
            assertEquals(U, c.get("uri"));
        }
        assertTrue(num(at(e, "references", U, 0, 29), "total") >= 2);
        open(e, U, "@groovy.transform.TypeChecked\nclass Hello { def foo(String bar) { foo(bar) } }");
        assertTrue(num(at(e, "references", U, 1, 19), "total") >= 2);
        open(e, U, "class A { String name }\nclass B { String name }\n@groovy.transform.TypeChecked\n"
                + "def f(A a, B b) { a.name + b.name }");
        Map<String, Object> refs = at(e, "references", U, 0, 18);
        assertEquals(2, num(refs, "total"));
        for (Map<String, Object> c : list(refs, "locations")) {
            assertTrue(line(c) == 0 || (line(c) == 3 && ch(c) < 26), () -> refs.toString());
        }
    }

    @Test
    void case06AmbiguousReferencesStaySeparate() {
        open(e, U, "def run(def a, def b) { a.mystery(); b.mystery() }");
        assertTrue(num(at(e, "references", U, 0, 27), "total") <= 1);
    }

    @Test
    void case07StcBinding() {
        String body = "class Hello { def foo(String name) { foo(\"x\") } }";
        open(e, U, "@groovy.transform.TypeChecked " + body);
        assertTrue(num(at(e, "rename", U, 0, 30 + 37, "newName", "bar"), "changeCount") == 2);
        open(e, U, "@groovy.transform.CompileStatic " + body);
        assertTrue(num(at(e, "rename", U, 0, 32 + 37, "newName", "bar"), "changeCount") == 2);
        open(e, U, "class Hello {\n@groovy.transform.TypeChecked def foo(String name) { foo('x') }\n"
                + "def other() { foo('y') } }");
        // the dynamic call in other() is an implicit-this call with one matching method, so it binds too
        assertEquals(3, num(at(e, "references", U, 1, 34), "total"));
        assertEquals(3, num(at(e, "rename", U, 2, 15, "newName", "z"), "changeCount"));
        open(e, U, "import groovy.transform.*\n@TypeChecked(TypeCheckingMode.SKIP) " + body);
        assertEquals(2, num(at(e, "rename", U, 1, 36 + 37, "newName", "bar"), "changeCount"));
        open(e, U, body);
        assertEquals(2, num(at(e, "rename", U, 0, 37, "newName", "bar"), "changeCount"));
        // two overloads of the arity: the call stays unbound and rename refuses
        open(e, U, "class Hello { def foo(String a) { foo('x') }\n def foo(Integer a) {} }");
        assertNotNull(at(e, "rename", U, 0, 34, "newName", "bar").get("refused"));
        // inside a closure the delegate may own the call
        open(e, U, "class Hello { def foo(String a) { [1].each { foo('x') } } }");
        assertNotNull(at(e, "rename", U, 0, 45, "newName", "bar").get("refused"));
        open(e, U, "@groovy.transform.TypeChecked class Hello { def foo() { unknownMethod() } }");
        boolean error = false;
        for (Map<String, Object> d : list(ok(e, "op", "diagnostics", "uri", U), "diagnostics")) {
            error |= "error".equals(d.get("severity"));
        }
        assertTrue(error);
    }

    @Test
    void case08HoverInferredLocal() {
        open(e, U, "def foo() {\n        def name = \"x\"\n        name }");
        String md = String.valueOf(at(e, "describe", U, 2, 9).get("markdown"));
        assertTrue(md.contains("String name"), md);
        assertTrue(md.startsWith("```groovy\n"), md);
    }

    @Test
    void case09GroovydocMarkdown() {
        open(e, U, "/** Greets {@code name}. @param name the person */ class Hello {}");
        String md = String.valueOf(at(e, "describe", U, 0, 58).get("markdown"));
        assertTrue(md.contains("`name`"), md);
        assertTrue(md.contains("**@param** `name` the person"), md);
        open(e, U, "/**\n * Keeps a List<String> of {@code List<P>} like {@link java.lang.String}.\n */\nclass Doc {}");
        md = String.valueOf(at(e, "describe", U, 3, 7).get("markdown"));
        assertTrue(md.contains("List&lt;String&gt;"), md);
        assertTrue(md.contains("`List<P>`"), md);
        assertTrue(md.contains("`String`"), md);
    }

    @Test
    void case10Signatures() {
        open(e, U, "class Box { static void ping(String name) {}; static void ping(String name, int count) {};"
                + " void use() { Box.ping(1) } }");
        int caret = "class Box { static void ping(String name) {}; static void ping(String name, int count) {};"
                .length() + " void use() { Box.ping(".length();
        Map<String, Object> s = at(e, "signatures", U, 0, caret);
        List<Map<String, Object>> sigs = list(s, "signatures");
        assertEquals(2, sigs.size(), s.toString());
        Map<String, Object> active = sigs.get(num(s, "activeSignature"));
        assertEquals(1, list(active, "parameters").size());
        assertTrue(String.valueOf(active.get("label")).contains("String"));
        open(e, U, "def foo(String bar, int n) { foo(bar, 1) }");
        assertEquals(1, num(at(e, "signatures", U, 0, 38), "activeParameter"));
    }

    @Test
    void case11Completion() {
        open(e, U, "class Hello {\n    def foo(String bar) { ba }\n}");
        assertTrue(hasLabel(list(at(e, "complete", U, 1, 28), "items"), "bar"));
        open(e, U, "def x = \"\".ea");
        Map<String, Object> each = item(list(at(e, "complete", U, 0, 13), "items"), "each");
        assertNotNull(each);
        assertEquals("GDK", each.get("detail"));
        open(e, U, "def x = \"\".");
        assertFalse(hasLabel(list(at(e, "complete", U, 0, 11), "items"), "each"));
        open(e, U, "def foo(String bar) {}\nf");
        Map<String, Object> foo = item(list(at(e, "complete", U, 1, 1), "items"), "foo");
        assertNotNull(foo);
        assertTrue(String.valueOf(foo.get("insertText")).contains("${1:bar}"));
        open(e, "groovy-buffer:widget", "package demo\nclass Widget {}");
        open(e, U, "Wid");
        Map<String, Object> w = item(list(at(e, "complete", U, 0, 3), "items"), "Widget");
        assertNotNull(w);
        assertEquals("demo.Widget", w.get("detail"));
    }

    @Test
    void case12Implementations() {
        open(e, U, "interface Face { def run() }\nclass Impl implements Face { def run() {} }");
        List<Map<String, Object>> l = list(at(e, "implementations", U, 0, 11), "locations");
        assertEquals(1, l.size());
        assertTrue(String.valueOf(l.get(0).get("snippet")).contains("Impl"));
        List<Map<String, Object>> m = list(at(e, "implementations", U, 0, 22), "locations");
        assertEquals(1, m.size());
        assertEquals(1, line(m.get(0)));
    }

    @Test
    void case13CamelHumps() {
        open(e, U, "class AbstractServerFactory {}\nclass TaskManager {}");
        for (String q : new String[] {"ASF", "ServerFactory", "factory"}) {
            assertTrue(hasLabelName(list(ok(e, "op", "symbols", "query", q), "symbols"), "AbstractServerFactory"), q);
        }
        assertTrue(list(ok(e, "op", "symbols", "query", "XYZ"), "symbols").isEmpty());
        assertTrue(hasLabelName(list(ok(e, "op", "symbols", "query", "TaskMgr"), "symbols"), "TaskManager"));
    }

    @Test
    void case14UnusedImport() {
        open(e, U, "import java.util.concurrent.ConcurrentHashMap\nclass Hello {}");
        boolean hint = false;
        for (Map<String, Object> d : list(ok(e, "op", "diagnostics", "uri", U), "diagnostics")) {
            if ("hint".equals(d.get("severity")) && String.valueOf(d.get("message")).startsWith("Unused import")) {
                hint = true;
                assertEquals("unused-import", d.get("code"));
            }
        }
        assertTrue(hint);
    }

    @Test
    void case15OrganizeImports() {
        open(e, U, "import java.util.LinkedList as LL\nimport java.util.regex.Pattern\n"
                + "import static java.util.Collections.emptyList\nimport java.io.*\nclass X { Pattern p }\n");
        List<Map<String, Object>> edits = list(ok(e, "op", "organizeImports", "uri", U), "edits");
        assertEquals(1, edits.size());
        String t = String.valueOf(edits.get(0).get("newText"));
        assertEquals("import java.io.*\nimport java.util.LinkedList as LL\nimport java.util.regex.Pattern\n"
                + "import static java.util.Collections.emptyList", t);
    }

    @Test
    void case16Positions() {
        open(e, U, "def s = \"a🥤b\"; def t = 1");
        boolean found = false;
        for (Map<String, Object> tok : list(ok(e, "op", "tokens", "uri", U), "tokens")) {
            if ("keyword".equals(tok.get("type")) && num(tok, "character") == 16) {
                found = true;
            }
        }
        assertTrue(found, "def after the emoji string at UTF-16 column 16");
        open(e, U, "def ab = 1\nab");
        assertEquals("```groovy\nInteger ab\n```", String.valueOf(at(e, "describe", U, 1, 99).get("markdown")));
        open(e, U, "def a = 1\r\ndef b = a\rdef c = b\ndef d = c");
        List<Map<String, Object>> refs = list(at(e, "references", U, 2, 8), "locations");
        assertEquals(2, refs.size());
        assertEquals(1, line(refs.get(0)));
        assertEquals(2, line(refs.get(1)));
    }

    @Test
    void case17Safety() {
        open(e, U, "import org.codehaus.groovy.transform.ASTTest\nimport org.codehaus.groovy.control.CompilePhase\n"
                + "@ASTTest(phase = CompilePhase.SEMANTIC_ANALYSIS, value = { throw new RuntimeException('asttest-executed') })"
                + " class Victim {}");
        for (Map<String, Object> d : list(ok(e, "op", "diagnostics", "uri", U), "diagnostics")) {
            assertFalse(String.valueOf(d.get("message")).contains("asttest-executed"));
        }
        assertNotNull(at(e, "describe", U, 2, 120));
    }

    @Test
    void case18Formatting() {
        open(e, U, "class Hello {\ndef x() {\nreturn 1\n}\n}\n");
        List<Map<String, Object>> edits = list(ok(e, "op", "format", "uri", U, "tabSize", 4), "edits");
        assertFalse(edits.isEmpty());
        open(e, U, "class Hello {\n    def x() {\n        return 1\n    }\n}\n");
        assertTrue(list(ok(e, "op", "format", "uri", U), "edits").isEmpty());
    }

    @Test
    void case19DocumentSymbols() {
        open(e, U, "import java.util.List\nclass Named {\n    String title\n    def foo() { title }\n}");
        List<Map<String, Object>> syms = list(ok(e, "op", "symbols", "uri", U), "symbols");
        assertEquals(1, syms.size());
        assertEquals("Named", syms.get(0).get("name"));
        List<Map<String, Object>> kids = list(syms.get(0), "children");
        assertTrue(hasLabelName(kids, "title"));
        assertTrue(hasLabelName(kids, "foo"));
        assertNull(kids.get(0).get("children"));
    }
}
