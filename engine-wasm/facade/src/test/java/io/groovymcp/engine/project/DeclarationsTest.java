package io.groovymcp.engine.project;

import static io.groovymcp.engine.project.ProjectCases.call;
import static io.groovymcp.engine.project.ProjectCases.declarations;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.groovymcp.engine.Engine;
import io.groovymcp.engine.json.Json;

/** The declarations op: what a file declares, read by the parser or, where it fails, by the tolerant scanner. */
class DeclarationsTest {
    private Engine e;

    @BeforeEach
    void setUp() throws IOException {
        e = ProjectCases.newEngine();
    }

    @Test
    void groovyDeclarationsAreReadFromTheAstWithoutBodies() {
        Map<String, Object> d = declarations(e, "file:///t/A.groovy", "groovy", "package a.b\n"
                + "import java.util.concurrent.TimeUnit as TU\nimport static java.lang.Math.max\nimport x.y.*\n"
                + "abstract class A<T extends Number> extends B<T> implements Comparable<A<T>>, I {\n"
                + "  static final String NAME = 'a'\n  private int count = compute()\n  List<? super T> items\n"
                + "  A(int c) { count = c }\n"
                + "  abstract <R> R map(Closure<R> f, String... tags)\n"
                + "  def untyped(x, int y = 2) { x }\n"
                + "  static class Inner { void run() { println 'never read' } }\n"
                + "  def anon = new Runnable() { void run() {} }\n"
                + "}\n@groovy.transform.Immutable(copyWith = true) class P { String n }\n"
                + "record R(int x, String y) { int twice() { x * 2 } }\n"
                + "@interface Ann { String value() default ''; int n() }\n");
        String s = Json.write(d);
        assertEquals("a.b", d.get("package"));
        assertNull(d.get("partial"));
        assertTrue(s.contains("{\"name\":\"java.util.concurrent.TimeUnit\",\"alias\":\"TU\"}"), s);
        assertTrue(s.contains("{\"name\":\"java.lang.Math\",\"member\":\"max\",\"static\":true}"), s);
        assertTrue(s.contains("{\"name\":\"x.y\",\"star\":true}"), s);
        assertTrue(s.contains("\"name\":\"A\",\"kind\":\"class\",\"modifiers\":[\"abstract\"],"
                + "\"typeParameters\":[\"T extends Number\"],\"superclass\":\"B<T>\","
                + "\"interfaces\":[\"Comparable<A<T>>\",\"I\"]"), s);
        assertTrue(s.contains("{\"name\":\"items\",\"modifiers\":[],\"type\":\"List<? super T>\",\"property\":true}"),
                s);
        assertTrue(s.contains("{\"name\":\"count\",\"modifiers\":[\"private\"],\"type\":\"int\"}"), s);
        assertTrue(s.contains("{\"name\":\"map\",\"modifiers\":[\"abstract\"],\"type\":\"R\",\"typeParameters\":[\"R\"],"
                + "\"parameters\":[{\"name\":\"f\",\"type\":\"Closure<R>\"},{\"name\":\"tags\",\"type\":\"String[]\"}]}"),
                s);
        assertTrue(s.contains("\"parameters\":[{\"name\":\"x\",\"type\":\"def\"},{\"name\":\"y\",\"type\":\"int\","
                + "\"optional\":true}]"), s);
        assertTrue(s.contains("\"types\":[{\"name\":\"Inner\",\"kind\":\"class\",\"modifiers\":[\"static\"]"), s);
        assertTrue(s.contains("\"annotations\":[\"@groovy.transform.Immutable(copyWith = true)\"]"), s);
        assertTrue(s.contains("\"name\":\"R\",\"kind\":\"record\""), s);
        assertTrue(s.contains("\"recordComponents\":[{\"name\":\"x\",\"type\":\"int\"},{\"name\":\"y\",\"type\":\"String\"}]"),
                s);
        assertTrue(s.contains("{\"name\":\"value\",\"modifiers\":[],\"type\":\"String\",\"parameters\":[],"
                + "\"hasDefault\":true}"), s);
        assertTrue(!s.contains("never read") && !s.contains("compute") && !s.contains("Runnable"), s);
    }

    @Test
    void javaTheGroovyParserRefusesIsReadByTheScanner() {
        String java = "package j;\n\nimport java.util.*;\nimport static java.util.Objects.requireNonNull;\n\n"
                + "/** class Fake in a comment */\n"
                + "@SuppressWarnings({\"a\", \"b\"})\n"
                + "public sealed class Shape<T extends Comparable<? super T>> extends Base implements Cloneable, "
                + "java.io.Serializable permits Circle {\n"
                + "    static final int[] SIZES = {1, 2, 3};\n"
                + "    private static final String TEXT = \"\"\"\n        class Nope { }\n        \"\"\";\n"
                + "    protected Map<String, List<T>> byName = new HashMap<>(), other;\n"
                + "    char c = '}';\n"
                + "    Shape() { this(1); }\n"
                + "    public <R extends T> R pick(final @Deprecated List<? extends R> from, int... idx) throws "
                + "Exception { Runnable r = () -> { }; return from.get(0); }\n"
                + "    abstract static class Inner implements Runnable { }\n"
                + "    enum Mode { ON(1) { int v() { return 1; } }, OFF(0); Mode(int x) {} int v() { return 0; } }\n"
                + "}\n";
        Map<String, Object> d = declarations(e, "file:///t/Shape.java", "java", java);
        String s = Json.write(d);
        assertEquals(Boolean.TRUE, d.get("partial"), s);
        assertTrue(s.contains("{\"name\":\"java.util\",\"star\":true}"), s);
        assertTrue(s.contains("{\"name\":\"java.util.Objects\",\"member\":\"requireNonNull\",\"static\":true}"), s);
        assertTrue(s.contains("\"name\":\"Shape\",\"kind\":\"class\",\"modifiers\":[\"public\",\"sealed\"],"
                + "\"typeParameters\":[\"T extends Comparable<? super T>\"],\"superclass\":\"Base\","
                + "\"interfaces\":[\"Cloneable\",\"java.io.Serializable\"]"), s);
        assertTrue(s.contains("{\"name\":\"SIZES\",\"modifiers\":[\"static\",\"final\"],\"type\":\"int[]\"}"), s);
        assertTrue(s.contains("{\"name\":\"byName\",\"modifiers\":[\"protected\"],\"type\":\"Map<String, List<T>>\"},"
                + "{\"name\":\"other\",\"modifiers\":[\"protected\"],\"type\":\"Map<String, List<T>>\"}"), s);
        assertTrue(s.contains("{\"name\":\"c\",\"modifiers\":[],\"type\":\"char\"}"), s);
        assertTrue(s.contains("\"constructors\":[{\"modifiers\":[],\"parameters\":[]}]"), s);
        assertTrue(s.contains("{\"name\":\"pick\",\"modifiers\":[\"public\"],\"type\":\"R\",\"typeParameters\":"
                + "[\"R extends T\"],\"parameters\":[{\"name\":\"from\",\"type\":\"List<? extends R>\"},"
                + "{\"name\":\"idx\",\"type\":\"int[]\",\"varargs\":true}]}"), s);
        assertTrue(s.contains("{\"name\":\"Inner\",\"kind\":\"class\",\"modifiers\":[\"abstract\",\"static\"],"
                + "\"interfaces\":[\"Runnable\"]}"), s);
        assertTrue(s.contains("\"name\":\"Mode\",\"kind\":\"enum\",\"modifiers\":[],\"enumConstants\":[\"ON\",\"OFF\"]"),
                s);
        assertTrue(!s.contains("Fake") && !s.contains("Nope"), s);
    }

    @Test
    void aBrokenGroovyFileKeepsItsTypesAndWhatSignaturesItCanRead() {
        Map<String, Object> d = declarations(e, "file:///t/B.groovy", "groovy", "package p\n"
                + "class Good {\n  String name\n  int size() { 1 }\n  def broken( { \n}\n"
                + "interface Later { void go() }\n");
        String s = Json.write(d);
        assertEquals(Boolean.TRUE, d.get("partial"));
        assertTrue(s.contains("\"name\":\"Good\""), s);
        assertTrue(s.contains("{\"name\":\"name\",\"modifiers\":[],\"type\":\"String\",\"property\":true}"), s);
        assertTrue(s.contains("\"name\":\"size\""), s);
    }

    @Test
    void anyInputEndsAndAnswers() {
        for (String text : new String[] {"", "class", "class {", "}}}}", "class A extends", "@", "@interface",
                "class A { def x = { { { ", "\"\"\"", "/*", "enum E { A(", "class A<T extends", "import",
                "package ;", "class A { int[ x; }", "record R(int"}) {
            for (String language : new String[] {"groovy", "java"}) {
                Map<String, Object> r = call(e, "op", "declarations", "language", language, "text", text);
                assertTrue(r.containsKey("result"), text + " -> " + Json.write(r));
            }
        }
    }

    @Test
    void projectDeclarationsRefusesMalformedValues() {
        Map<String, Object> good = declarations(e, "file:///t/A.groovy", "groovy", "package p\nclass A { int f }\n");
        List<Object> cases = new ArrayList<>();
        cases.add(Collections.singletonMap("language", "kotlin"));
        cases.add(edit(good, "package", "p;class X{}"));
        cases.add(type(good, "name", "A {"));
        cases.add(type(good, "superclass", "B{}"));
        cases.add(type(good, "annotations", Collections.singletonList("@Evil")));
        cases.add(type(good, "annotations", Collections.singletonList("@TupleConstructor(x) } class Y {")));
        cases.add(type(good, "modifiers", Collections.singletonList("native")));
        for (Object bad : cases) {
            Map<String, Object> r = call(e, "op", "projectDeclarations", "files", Collections.singletonList(bad));
            @SuppressWarnings("unchecked")
            Map<String, Object> err = (Map<String, Object>) r.get("error");
            assertEquals("argument", err == null ? null : err.get("kind"), Json.write(bad) + " -> " + Json.write(r));
        }
        Map<String, Object> r = call(e, "op", "projectDeclarations", "files", Collections.singletonList(good));
        assertEquals(1, ((Number) ((Map<?, ?>) r.get("result")).get("types")).intValue());
    }

    private static Map<String, Object> edit(Map<String, Object> file, String key, Object value) {
        @SuppressWarnings("unchecked")
        Map<String, Object> copy = (Map<String, Object>) Json.parse(Json.write(file));
        copy.put(key, value);
        return copy;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> type(Map<String, Object> file, String key, Object value) {
        Map<String, Object> copy = (Map<String, Object>) Json.parse(Json.write(file));
        ((List<Map<String, Object>>) copy.get("types")).get(0).put(key, value);
        return copy;
    }
}
