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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.groovymcp.engine.json.Json;

/** Per-tool cases: Unicode positions, CRLF, empty input, clamped positions and invalid arguments. */
class ToolsTest {
    static Engine shared;
    Engine e;
    static final String U = "groovy-buffer:t";

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

    static String md(Map<String, Object> r) {
        return String.valueOf(r.get("markdown"));
    }

    // ----- describe -----

    @Test
    void describeAfterEmojiUsesUtf16Columns() {
        open(e, U, "def s = '🥤'; def name = 1\nname");
        assertTrue(md(at(e, "describe", U, 0, 19)).contains("Integer name"));
        Map<String, Object> r = at(e, "describe", U, 0, 19);
        assertEquals(18, ch(Json.obj("range", r.get("range"))));
    }

    @Test
    void describeCrlfAndClampedPositions() {
        open(e, U, "class A {\r\n  String title\r\n}\r\n");
        assertTrue(md(at(e, "describe", U, 1, 10)).contains("String title"));
        assertEquals("", md(at(e, "describe", U, 99, 99)));
        assertEquals("", md(at(e, "describe", U, -5, -5)).replace("```groovy\nclass A\n```", ""));
    }

    @Test
    void describeEmptyBufferAndMethod() {
        open(e, U, "");
        assertEquals("", md(at(e, "describe", U, 0, 0)));
        open(e, U, "class Calc {\n  /** Adds. @return the sum */\n  int add(int a, int b) { a + b }\n}");
        String m = md(at(e, "describe", U, 2, 7));
        assertTrue(m.contains("int Calc.add(int a, int b)"), m);
        assertTrue(m.contains("**@return** the sum"), m);
    }

    @Test
    void describeLibraryCallAndUnknownBuffer() {
        open(e, U, "@groovy.transform.CompileStatic\nint f(String s) { s.length() }");
        assertTrue(md(at(e, "describe", U, 1, 21)).contains("int String.length()"));
        assertEquals("state", err(e, "op", "describe", "uri", "groovy-buffer:nope", "line", 0, "character", 0)
                .get("kind"));
        assertEquals("argument", err(e, "op", "describe", "uri", U, "character", 0).get("kind"));
    }

    @Test
    void describeUnboundCallSaysSo() {
        open(e, U, "def run(o) { o.mystery(1) }");
        assertEquals("```groovy\nmystery(...)\n```", md(at(e, "describe", U, 0, 16)));
    }

    // ----- definition -----

    @Test
    void definitionOfLocalAcrossCrlf() {
        open(e, U, "def x = 1\r\nprintln x\r\n");
        List<Map<String, Object>> l = list(at(e, "definition", U, 1, 8), "locations");
        assertEquals(1, l.size());
        assertEquals(0, line(l.get(0)));
        assertEquals(4, ch(l.get(0)));
    }

    @Test
    void definitionUnboundListsSameArityCandidates() {
        open(e, U, "class A { def go(int a) {} }\nclass B { def go(int a) {}; def go() {} }\ndef f(o) { o.go(1) }");
        List<Map<String, Object>> l = list(at(e, "definition", U, 2, 14), "locations");
        assertEquals(2, l.size());
    }

    @Test
    void definitionExternalForJdk() {
        open(e, U, "@groovy.transform.TypeChecked\ndef f() { Math.max(1, 2) }");
        Map<String, Object> r = at(e, "definition", U, 1, 16);
        assertTrue(list(r, "locations").isEmpty());
        List<Map<String, Object>> ext = list(r, "external");
        assertEquals(1, ext.size());
        assertEquals("java.lang.Math.max", ext.get(0).get("fqn"));
        assertTrue(String.valueOf(ext.get(0).get("signature")).contains("int"));
    }

    @Test
    void definitionOfTypeAcrossBuffers() {
        open(e, "groovy-buffer:a", "class Widget {}");
        open(e, U, "def w = new Widget()");
        List<Map<String, Object>> l = list(at(e, "definition", U, 0, 14), "locations");
        assertEquals(1, l.size());
        assertEquals("groovy-buffer:a", l.get(0).get("uri"));
    }

    @Test
    void definitionEmptyAndClamped() {
        open(e, U, "");
        assertTrue(list(at(e, "definition", U, 3, 3), "locations").isEmpty());
        open(e, U, "def x = '🥤'; x");
        assertTrue(list(at(e, "definition", U, 0, 1000), "locations").isEmpty()
                || list(at(e, "definition", U, 0, 1000), "locations").size() == 1);
    }

    // ----- implementations -----

    @Test
    void implementationsAcrossBuffers() {
        open(e, "groovy-buffer:a", "interface Shape { double area() }");
        open(e, U, "class Sq implements Shape { double area() { 1 } }\nclass Circle implements Shape { double area() { 2 } }");
        assertEquals(2, list(at(e, "implementations", "groovy-buffer:a", 0, 12), "locations").size());
        assertEquals(2, list(at(e, "implementations", "groovy-buffer:a", 0, 26), "locations").size());
    }

    @Test
    void implementationsOfSubclassChain() {
        open(e, U, "class A {}\nclass B extends A {}\r\nclass C extends B {}");
        assertEquals(2, list(at(e, "implementations", U, 0, 6), "locations").size());
        assertEquals(1, list(at(e, "implementations", U, 1, 6), "locations").size());
    }

    @Test
    void implementationsNothingHere() {
        open(e, U, "");
        assertTrue(list(at(e, "implementations", U, 0, 0), "locations").isEmpty());
        open(e, U, "def x = 1");
        assertTrue(list(at(e, "implementations", U, 0, 5), "locations").isEmpty());
        assertTrue(list(at(e, "implementations", U, -1, 500), "locations").isEmpty());
    }

    @Test
    void implementationsUnicodeNames() {
        open(e, U, "interface Ünï {}\n// 🥤\nclass Impl implements Ünï {}");
        List<Map<String, Object>> l = list(at(e, "implementations", U, 0, 11), "locations");
        assertEquals(1, l.size());
        assertEquals(2, line(l.get(0)));
    }

    @Test
    void implementationsUnknownBuffer() {
        assertEquals("state", err(e, "op", "implementations", "uri", "x", "line", 0, "character", 0).get("kind"));
    }

    // ----- references -----

    @Test
    void referencesMaxResultsAndTruncation() {
        open(e, U, "def a = 1\na\na\na");
        Map<String, Object> r = at(e, "references", U, 0, 4, "maxResults", 2);
        assertEquals(4, num(r, "total"));
        assertEquals(true, r.get("truncated"));
        assertEquals(2, list(r, "locations").size());
        assertEquals("argument", err(e, "op", "references", "uri", U, "line", 0, "character", 4, "maxResults", -1)
                .get("kind"));
    }

    @Test
    void referencesUtf16AfterEmoji() {
        open(e, U, "def s = '🥤'; def v = 2; v + v");
        Map<String, Object> r = at(e, "references", U, 0, 19);
        assertEquals(3, num(r, "total"));
        assertEquals(18, ch(list(r, "locations").get(0)));
    }

    @Test
    void referencesOfFieldAcrossBuffersStaticallyBound() {
        open(e, "groovy-buffer:a", "class Cfg { static String NAME = 'n' }");
        open(e, U, "println Cfg.NAME\nprintln Cfg.NAME");
        Map<String, Object> r = at(e, "references", "groovy-buffer:a", 0, 27);
        assertEquals(3, num(r, "total"));
    }

    @Test
    void referencesEmptyAndCrlf() {
        open(e, U, "");
        assertEquals(0, num(at(e, "references", U, 0, 0), "total"));
        open(e, U, "class A {\r\n  def m() { m() }\r\n}");
        assertTrue(num(at(e, "references", U, 1, 7), "total") >= 1);
    }

    @Test
    void referencesOfTypeIncludeConstructorsAndUses() {
        open(e, U, "class P { P() {} }\nP p = new P()");
        assertEquals(4, num(at(e, "references", U, 0, 6), "total"));
    }

    // ----- rename -----

    @Test
    void renameRejectsInvalidNames() {
        open(e, U, "def a = 1");
        for (String bad : new String[] {"", "1x", "a-b", "class", "a b"}) {
            Map<String, Object> er = err(e, "op", "rename", "uri", U, "line", 0, "character", 4, "newName", bad);
            assertEquals("argument", er.get("kind"), bad);
        }
    }

    @Test
    void renameLocalWithUnicodeAndCrlf() {
        open(e, U, "def s = '🥤'; def v = 2\r\nv++");
        Map<String, Object> r = at(e, "rename", U, 1, 0, "newName", "größe");
        assertEquals(2, num(r, "changeCount"));
        List<Map<String, Object>> c = list(r, "changes");
        assertEquals(18, ch(c.get(0)));
        assertEquals(1, line(c.get(1)));
    }

    @Test
    void renameClassAcrossBuffersIncludesConstructors() {
        open(e, "groovy-buffer:a", "class Foo { Foo() {} }");
        open(e, U, "Foo f = new Foo()");
        Map<String, Object> r = at(e, "rename", "groovy-buffer:a", 0, 7, "newName", "Bar");
        assertEquals(4, num(r, "changeCount"));
    }

    @Test
    void brokenBufferStillNavigatesAboveTheErrorButRenameRefuses() {
        open(e, U, "class Good { int size() { 1 } }\ndef g = new Good()\ng.size()\ndef broken = (\n");
        assertTrue(md(at(e, "describe", U, 1, 5)).contains("Good g"));
        assertEquals(1, list(at(e, "definition", U, 1, 13), "locations").size());
        assertNotNull(at(e, "rename", U, 0, 7, "newName", "Fine").get("refused"));
        open(e, "groovy-buffer:ok", "class Other { def use(Good g) {} }");
        assertNull(at(e, "rename", "groovy-buffer:ok", 0, 6, "newName", "Another").get("refused"));
        assertNull(at(e, "rename", "groovy-buffer:ok", 0, 27, "newName", "h").get("refused"));
        assertNotNull(at(e, "rename", "groovy-buffer:ok", 0, 22, "newName", "Better").get("refused"));
    }

    @Test
    void renamePropertyRefusedWhenAccessorsOrNamedArgumentsUseIt() {
        open(e, U, "class A { String name }\ndef a = new A(name: 'x')");
        assertTrue(String.valueOf(at(e, "rename", U, 0, 18, "newName", "label").get("refused")).contains("name:"));
        open(e, U, "class A { String name }\n@groovy.transform.TypeChecked\ndef f(A a) { a.getName() }");
        assertTrue(String.valueOf(at(e, "rename", U, 0, 18, "newName", "label").get("refused")).contains("getName"));
        open(e, U, "class A { String name }\n@groovy.transform.TypeChecked\ndef f(A a) { a.name }");
        assertEquals(2, num(at(e, "rename", U, 0, 18, "newName", "label"), "changeCount"));
    }

    @Test
    void renameNothingAndLibraryRefused() {
        open(e, U, "");
        assertNotNull(at(e, "rename", U, 0, 0, "newName", "x").get("refused"));
        open(e, U, "@groovy.transform.CompileStatic\nint f(String s) { s.length() }");
        Map<String, Object> r = at(e, "rename", U, 1, 21, "newName", "size");
        assertEquals(0, num(r, "changeCount"));
        assertTrue(String.valueOf(r.get("refused")).contains("java.lang.String"));
    }

    @Test
    void renameDynamicPropertyRefused() {
        open(e, U, "class A { String name }\ndef f(o) { o.name }");
        assertNotNull(at(e, "rename", U, 1, 14, "newName", "n").get("refused"));
        Map<String, Object> r = at(e, "rename", U, 0, 18, "newName", "label");
        assertEquals(1, num(r, "changeCount"));
    }

    // ----- symbols -----

    @Test
    void symbolsTreeOrderAndKinds() {
        open(e, U, "enum Color { RED }\ninterface Face {}\nclass K {\n  private static int N = 1\n  String p\n  K() {}\n"
                + "  void m() {}\n  class Inner {}\n}");
        List<Map<String, Object>> s = list(ok(e, "op", "symbols", "uri", U), "symbols");
        assertEquals("Enum", s.get(0).get("kind"));
        assertEquals("Interface", s.get(1).get("kind"));
        List<Map<String, Object>> kids = list(s.get(2), "children");
        List<String> kinds = new ArrayList<>();
        for (Map<String, Object> k : kids) {
            kinds.add(k.get("name") + ":" + k.get("kind"));
        }
        assertEquals("[N:Field, p:Property, m:Method, K:Constructor, Inner:Class]", kinds.toString());
    }

    @Test
    void symbolsArgumentsAndEmpty() {
        assertEquals("argument", err(e, "op", "symbols").get("kind"));
        open(e, U, "");
        assertTrue(list(ok(e, "op", "symbols", "uri", U), "symbols").isEmpty());
        assertEquals("argument", err(e, "op", "symbols", "query", "x", "maxResults", -3).get("kind"));
        assertEquals("state", err(e, "op", "symbols", "uri", "groovy-buffer:none").get("kind"));
    }

    @Test
    void symbolsQueryCapAndUnicode() {
        open(e, U, "class Ärger {}\nclass Äpfel {}\nclass Other {}");
        assertEquals(2, list(ok(e, "op", "symbols", "query", "ä"), "symbols").size());
        assertEquals(1, list(ok(e, "op", "symbols", "query", "", "maxResults", 1), "symbols").size());
    }

    @Test
    void symbolsSelectionRangeUtf16() {
        open(e, U, "// 🥤🥤\r\nclass Z {}");
        Map<String, Object> s = list(ok(e, "op", "symbols", "uri", U), "symbols").get(0);
        assertEquals(1, line(Json.obj("range", s.get("selectionRange"))));
        assertEquals(6, ch(Json.obj("range", s.get("selectionRange"))));
    }

    @Test
    void symbolsScriptMethodsAreTopLevel() {
        open(e, U, "def helper() {}\nhelper()");
        List<Map<String, Object>> s = list(ok(e, "op", "symbols", "uri", U), "symbols");
        assertEquals(1, s.size());
        assertEquals("helper", s.get(0).get("name"));
        assertEquals("Method", s.get(0).get("kind"));
    }

    // ----- complete -----

    @Test
    void completeJdkMembers() {
        open(e, U, "def s = \"abc\".toUp");
        assertTrue(hasLabel(list(at(e, "complete", U, 0, 18), "items"), "toUpperCase"));
        open(e, U, "Math.ma");
        assertTrue(hasLabel(list(at(e, "complete", U, 0, 7), "items"), "max"));
    }

    @Test
    void completeAfterDotWithoutPrefix() {
        open(e, U, "class A {\r\n  def f(String s) {\r\n    s.\r\n  }\r\n}");
        List<Map<String, Object>> items = list(at(e, "complete", U, 2, 6), "items");
        assertTrue(hasLabel(items, "charAt"));
        assertFalse(hasLabel(items, "each"));
    }

    @Test
    void completeCapsAndEmpty() {
        open(e, U, "");
        Map<String, Object> r = at(e, "complete", U, 0, 0);
        assertTrue(list(r, "items").size() <= 100);
        assertTrue(hasLabel(list(r, "items"), "class"));
        open(e, U, "def x = 1\nx.");
        Map<String, Object> m = at(e, "complete", U, 9, 9);
        assertTrue(list(m, "items").size() <= 100);
    }

    @Test
    void completeLocalsInScopeOnly() {
        open(e, U, "def f() { def inner = 1 }\ndef g() { def other = 2\n  o }");
        List<Map<String, Object>> items = list(at(e, "complete", U, 2, 3), "items");
        assertTrue(hasLabel(items, "other"));
        assertFalse(hasLabel(items, "inner"));
    }

    @Test
    void completeAfterEmoji() {
        open(e, U, "def s = '🥤'; def count = 2; cou");
        Map<String, Object> c = item(list(at(e, "complete", U, 0, 32), "items"), "count");
        assertNotNull(c);
        assertEquals("Variable", c.get("kind"));
    }

    // ----- signatures -----

    @Test
    void signaturesJdkOverloads() {
        open(e, U, "Math.max(");
        Map<String, Object> s = at(e, "signatures", U, 0, 9);
        List<String> labels = new ArrayList<>();
        for (Map<String, Object> x : list(s, "signatures")) {
            labels.add(String.valueOf(x.get("label")));
        }
        assertEquals(4, labels.size(), labels.toString());
        assertTrue(labels.toString().contains("int") && labels.toString().contains("long")
                && labels.toString().contains("float") && labels.toString().contains("double"));
    }

    @Test
    void signaturesActiveParameterCrlfAndNested() {
        open(e, U, "def f(int a, int b, int c) {}\r\nf(1, [2, 3], ");
        assertEquals(2, num(at(e, "signatures", U, 1, 13), "activeParameter"));
    }

    @Test
    void signaturesNoneOutsideCalls() {
        open(e, U, "");
        assertTrue(list(at(e, "signatures", U, 0, 0), "signatures").isEmpty());
        open(e, U, "def x = 1");
        assertTrue(list(at(e, "signatures", U, 0, 99), "signatures").isEmpty());
    }

    @Test
    void signaturesConstructor() {
        open(e, U, "class P { P(int a) {}; P(String s, int b) {} }\nnew P(\"x\", ");
        Map<String, Object> s = at(e, "signatures", U, 1, 11);
        assertEquals(2, list(s, "signatures").size());
        assertEquals(1, num(s, "activeParameter"));
    }

    @Test
    void signaturesAfterEmojiAndDoc() {
        open(e, U, "/** Greets. */\ndef greet(String who) {}\ngreet('🥤', ");
        Map<String, Object> s = at(e, "signatures", U, 2, 11);
        assertEquals(1, list(s, "signatures").size());
        assertEquals("Greets.", list(s, "signatures").get(0).get("documentation"));
    }

    // ----- tokens -----

    @Test
    void tokensTypesAndModifiers() {
        open(e, U, "package p\nimport java.util.List\n@Deprecated\nclass A<T> {\n  static final int N = 1 // c\n"
                + "  def m(List<T> xs) { xs.size() + N }\n}");
        List<Map<String, Object>> t = list(ok(e, "op", "tokens", "uri", U), "tokens");
        List<String> seen = new ArrayList<>();
        for (Map<String, Object> x : t) {
            seen.add(x.get("type") + "" + x.get("modifiers"));
        }
        String s = seen.toString();
        for (String want : new String[] {"namespace[]", "keyword[]", "class[declaration, deprecated]",
            "typeParameter", "property[declaration, static, readonly]", "comment[]", "number[]", "method[declaration]",
            "parameter[declaration]", "interface[]", "operator[]", "annotation"}) {
            assertTrue(s.contains(want), want + " in " + s);
        }
    }

    @Test
    void tokensSplitMultilineAndCrlf() {
        open(e, U, "/* a\r\n b */\r\ndef s = '''x\r\ny'''");
        List<Map<String, Object>> t = list(ok(e, "op", "tokens", "uri", U), "tokens");
        int comments = 0;
        int strings = 0;
        for (Map<String, Object> x : t) {
            comments += "comment".equals(x.get("type")) ? 1 : 0;
            strings += "string".equals(x.get("type")) ? 1 : 0;
        }
        assertEquals(2, comments);
        assertEquals(2, strings);
    }

    @Test
    void tokensEmptyAndBroken() {
        open(e, U, "");
        assertTrue(list(ok(e, "op", "tokens", "uri", U), "tokens").isEmpty());
        open(e, U, "class { def");
        assertFalse(list(ok(e, "op", "tokens", "uri", U), "tokens").isEmpty());
        assertEquals("state", err(e, "op", "tokens", "uri", "groovy-buffer:none").get("kind"));
    }

    @Test
    void tokensSortedAndNonOverlapping() {
        open(e, U, "def s = \"a ${1 + 2} 🥤\"; def t = s.size()");
        List<Map<String, Object>> t = list(ok(e, "op", "tokens", "uri", U), "tokens");
        int lastEnd = -1;
        for (Map<String, Object> x : t) {
            assertTrue(num(x, "character") >= lastEnd, t.toString());
            lastEnd = num(x, "character") + num(x, "length");
        }
    }

    @Test
    void tokensPageByLinesWhenCapped() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 1500; i++) {
            sb.append("def v").append(i).append(" = ").append(i).append(" + 1\n");
        }
        open(e, U, sb.toString());
        Map<String, Object> first = ok(e, "op", "tokens", "uri", U);
        assertEquals(true, first.get("truncated"));
        List<Map<String, Object>> t = list(first, "tokens");
        int lastLine = line(Json.obj("range", Json.obj("start", t.get(t.size() - 1))));
        Map<String, Object> next = ok(e, "op", "tokens", "uri", U, "startLine", lastLine + 1, "endLine", lastLine + 1);
        assertEquals(6, list(next, "tokens").size());
        assertNull(next.get("truncated"));
        assertTrue(Json.write(first).length() < 400_000);
    }

    @Test
    void implicitItIsNotSharedAcrossClosures() {
        open(e, U, "[1].each { println it }\n[2].each { println it }");
        assertEquals(1, num(at(e, "references", U, 0, 20), "total"));
        assertNotNull(at(e, "rename", U, 0, 20, "newName", "x").get("refused"));
    }

    @Test
    void referencesInsideGStrings() {
        open(e, U, "def name = 'x'\nprintln \"$name and ${name}\"");
        assertEquals(3, num(at(e, "references", U, 0, 5), "total"));
    }

    @Test
    void tokensEmojiColumns() {
        open(e, U, "'🥤🥤'; int x");
        Map<String, Object> last = null;
        for (Map<String, Object> x : list(ok(e, "op", "tokens", "uri", U), "tokens")) {
            last = x;
        }
        assertEquals(12, num(last, "character"));
        assertEquals("variable", last.get("type"));
    }

    // ----- format -----

    static String apply(String text, List<Map<String, Object>> edits) {
        io.groovymcp.engine.text.SourceText st = new io.groovymcp.engine.text.SourceText(text);
        StringBuilder sb = new StringBuilder(text);
        for (int i = edits.size() - 1; i >= 0; i--) {
            Map<String, Object> ed = edits.get(i);
            @SuppressWarnings("unchecked")
            Map<String, Object> r = (Map<String, Object>) ed.get("range");
            @SuppressWarnings("unchecked")
            Map<String, Object> s = (Map<String, Object>) r.get("start");
            @SuppressWarnings("unchecked")
            Map<String, Object> en = (Map<String, Object>) r.get("end");
            int so = st.offset(num(s, "line"), num(s, "character"));
            int eo = st.offset(num(en, "line"), num(en, "character"));
            sb.replace(so, eo, String.valueOf(ed.get("newText")));
        }
        return sb.toString();
    }

    String formatted(String text, Object... opts) {
        open(e, U, text);
        Object[] kv = new Object[4 + opts.length];
        kv[0] = "op";
        kv[1] = "format";
        kv[2] = "uri";
        kv[3] = U;
        System.arraycopy(opts, 0, kv, 4, opts.length);
        return apply(text, list(ok(e, kv), "edits"));
    }

    @Test
    void formatReindentsAndIsIdempotent() {
        String once = formatted("class A {\ndef m() {   \nif (x) {\nfoo()\n} else {\nbar()\n}\n}\n}\n");
        assertEquals("class A {\n    def m() {\n        if (x) {\n            foo()\n        } else {\n            bar()\n"
                + "        }\n    }\n}\n", once);
        assertEquals(once, formatted(once));
    }

    @Test
    void formatLeavesMultilineStringsAndCommentsAlone() {
        String text = "def s = '''\n   keep   \n  this'''\n/*\n      odd  \n */\n  def t = 1   \n";
        String out = formatted(text);
        assertEquals("def s = '''\n   keep   \n  this'''\n/*\n      odd  \n */\ndef t = 1\n", out);
    }

    @Test
    void formatCrlfTabsAndOptions() {
        String out = formatted("class A {\r\n\tdef x\r\n}\r\n", "tabSize", 2);
        assertEquals("class A {\r\n  def x\r\n}\r\n", out);
        String tabs = formatted("class A {\n  def x\n}\n", "insertSpaces", false);
        assertEquals("class A {\n\tdef x\n}\n", tabs);
        assertEquals("argument", err(e, "op", "format", "uri", U, "tabSize", 0).get("kind"));
    }

    @Test
    void formatKeepsLineCommentsWithTrailingBlanks() {
        assertEquals("class A {\n    def x = 1 // note   \n}\n", formatted("class A {\ndef x = 1 // note   \n}\n"));
    }

    @Test
    void formatEmptyAndUnicode() {
        assertEquals("", formatted(""));
        assertEquals("def m() {\n    '🥤'\n}", formatted("def m() {\n'🥤'   \n}"));
    }

    @Test
    void formatKeepsTokenStreamOnCorpusLikeCode() {
        String text = "switch (x) {\ncase 1:\nfoo()\nbreak\ndefault:\nbar()\n}\nlist.stream()\n.map { it }\n"
                + "def ok = a &&\nb\n";
        String out = formatted(text);
        assertEquals("switch (x) {\n    case 1:\n        foo()\n        break\n    default:\n        bar()\n}\n"
                + "list.stream()\n    .map { it }\ndef ok = a &&\n    b\n", out);
        assertEquals(out, formatted(out));
    }

    // ----- organizeImports / unused hints -----

    String organized(String text) {
        open(e, U, text);
        return apply(text, list(ok(e, "op", "organizeImports", "uri", U), "edits"));
    }

    @Test
    void organizeKeepsUsesInAnnotationsAndGenerics() {
        String text = "import java.util.concurrent.ConcurrentHashMap\nimport groovy.transform.CompileStatic\n"
                + "import java.util.regex.Pattern\n@CompileStatic\nclass A { List<ConcurrentHashMap> l }\n";
        assertEquals("import groovy.transform.CompileStatic\nimport java.util.concurrent.ConcurrentHashMap\n"
                + "@CompileStatic\nclass A { List<ConcurrentHashMap> l }\n", organized(text));
    }

    @Test
    void organizeIsIdempotentAndCrlf() {
        String text = "package p\r\n\r\nimport java.util.regex.Matcher\r\nimport java.io.File\r\nclass A { File f; Matcher m }\r\n";
        String once = organized(text);
        assertEquals("package p\r\n\r\nimport java.io.File\r\nimport java.util.regex.Matcher\r\n"
                + "class A { File f; Matcher m }\r\n", once);
        assertEquals(once, organized(once));
    }

    @Test
    void organizeEmptyAndNoImports() {
        assertEquals("", organized(""));
        assertEquals("class A {}", organized("class A {}"));
        assertEquals("state", err(e, "op", "organizeImports", "uri", "groovy-buffer:none").get("kind"));
    }

    @Test
    void organizeRemovesAllUnusedLines() {
        assertEquals("class A {}\n", organized("import java.util.regex.Pattern\nclass A {}\n"));
    }

    @Test
    void organizeKeepsClassLiteralAndStaticUse() {
        String text = "import java.util.regex.Pattern\nimport static java.lang.Math.max\ndef c = Pattern.class\nmax(1, 2)\n";
        assertEquals(text, organized(text));
    }

    @Test
    void unusedHintsOnlyForUnused() {
        open(e, U, "import java.util.regex.Pattern\nimport java.util.regex.Matcher\nMatcher m = null\n");
        List<Map<String, Object>> hints = new ArrayList<>();
        for (Map<String, Object> d : list(ok(e, "op", "diagnostics", "uri", U), "diagnostics")) {
            if ("hint".equals(d.get("severity"))) {
                hints.add(d);
            }
        }
        assertEquals(1, hints.size());
        assertEquals("Unused import: java.util.regex.Pattern", hints.get(0).get("message"));
        assertEquals(0, line(hints.get(0)));
        assertNull(hints.get(0).get("tags"));
    }
}
