package io.groovymcp.engine;

import static io.groovymcp.engine.QueryCases.err;
import static io.groovymcp.engine.QueryCases.list;
import static io.groovymcp.engine.QueryCases.ok;
import static io.groovymcp.engine.QueryCases.open;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The lint op: one compile, per-file categories decided by the engine, unresolved-import facts, unused imports. */
class LintOpTest {
    private Engine e;

    @BeforeEach
    void setUp() throws IOException {
        e = EngineCases.newEngine();
    }

    private Map<String, Object> file(Map<String, Object> result, String uri) {
        for (Map<String, Object> f : list(result, "files")) {
            if (uri.equals(f.get("uri"))) {
                return f;
            }
        }
        throw new AssertionError("no file " + uri + " in " + result);
    }

    @Test
    void categoriesPackageKindAndUnresolvedFacts() {
        open(e, "u:a", "package p.q\nimport org.x.Foo\nimport java.util.List\nimport java.util.concurrent.Missing\n"
                + "class A { Foo f }\n");
        open(e, "u:b", "@groovy.transform.CompileStatic\nclass B { int m() { int x = 'no'; x } }\n");
        open(e, "u:c", "def x = {\n");
        open(e, "u:d", "class D {}\nclass D {}\n");
        open(e, "u:e", "println 'hi'\n");
        Map<String, Object> r = ok(e, "op", "lint");
        assertEquals(5, list(r, "files").size());

        Map<String, Object> a = file(r, "u:a");
        assertEquals("p.q", a.get("package"));
        assertEquals("class", a.get("kind"));
        List<Map<String, Object>> ad = list(a, "diagnostics");
        assertEquals(2, ad.size(), String.valueOf(ad));
        for (Map<String, Object> d : ad) {
            assertEquals("unresolved", d.get("category"));
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> foo = (Map<String, Object>) ad.get(0).get("unresolved");
        assertEquals("org.x.Foo", foo.get("name"));
        assertEquals("org.x.Foo", foo.get("import"));
        assertEquals(false, foo.get("packageKnown"));
        @SuppressWarnings("unchecked")
        Map<String, Object> missing = (Map<String, Object>) ad.get(1).get("unresolved");
        assertEquals(true, missing.get("packageKnown"), "java.util.concurrent is in the class model");
        List<Map<String, Object>> unused = list(a, "unusedImports");
        assertEquals(2, unused.size(), String.valueOf(unused));
        assertEquals("Unused import: java.util.List", unused.get(0).get("message"));
        assertEquals("Unused import: java.util.concurrent.Missing", unused.get(1).get("message"));

        Map<String, Object> b = file(r, "u:b");
        assertNull(b.get("package"));
        assertEquals("type-check", list(b, "diagnostics").get(0).get("category"));
        assertEquals("syntax", list(file(r, "u:c"), "diagnostics").get(0).get("category"));
        assertNull(file(r, "u:c").get("kind"), "a buffer that does not parse has no kind");
        assertEquals("duplicate", list(file(r, "u:d"), "diagnostics").get(0).get("category"));
        assertEquals("script", file(r, "u:e").get("kind"));
        assertTrue(list(file(r, "u:e"), "diagnostics").isEmpty());
    }

    @Test
    void namedUrisOnlyAndSameErrorsAsEveryOp() {
        open(e, "u:a", "class A {}");
        open(e, "u:b", "class B {}");
        Map<String, Object> r = ok(e, "op", "lint", "uris", List.of("u:b", "u:b"));
        assertEquals(1, list(r, "files").size());
        assertEquals("u:b", list(r, "files").get(0).get("uri"));
        Map<String, Object> er = err(e, "op", "lint", "uris", List.of("u:a", "u:gone"));
        assertEquals("state", er.get("kind"));
        assertEquals("not open: u:gone", er.get("message"));
        assertEquals("argument", err(e, "op", "lint", "uris", "u:a").get("kind"));
        Map<String, Object> k = err(e, "op", "lint", "kinds", Map.of("u:a", "perl"));
        assertEquals("argument", k.get("kind"));
        assertTrue(String.valueOf(k.get("message")).startsWith("kinds.u:a must be one of"));
        ok(e, "op", "lint", "kinds", Map.of("u:a", "jenkins"));
    }

    @Test
    void astRuleFindingsArriveWithProtocolRanges() {
        open(e, "u:r", "class R {\n  void m() {\n    try { run() } catch (Exception ex) { }\n  }\n  void run() {}\n}\n");
        List<Map<String, Object>> f = list(list(ok(e, "op", "lint"), "files").get(0), "findings");
        assertEquals(1, f.size(), String.valueOf(f));
        assertEquals("groovy/empty-catch", f.get(0).get("rule"));
        @SuppressWarnings("unchecked")
        Map<String, Object> start = (Map<String, Object>) ((Map<String, Object>) f.get(0).get("range")).get("start");
        assertEquals(2.0, ((Number) start.get("line")).doubleValue());
    }

    @Test
    void closeLeavesNothingToLint() {
        open(e, "u:a", "class A {}");
        ok(e, "op", "lint");
        ok(e, "op", "close", "uri", "u:a");
        assertTrue(list(ok(e, "op", "lint"), "files").isEmpty());
        assertFalse(list(ok(e, "op", "lint"), "files").iterator().hasNext());
    }

    /** An import of a default-package class that does not exist ({@code import y}) once failed the whole op. */
    @Test
    void anUnresolvedImportWithoutAPackageIsAFactNotACrash() {
        String uri = "file:///p/Jenkinsfile";
        open(e, uri, "@Library('x') import y\n@Library('x') import y\nnode { echo 'hi' }\n");
        open(e, "u:other", "class Other {}\n");
        Map<String, Object> r = ok(e, "op", "lint", "kinds", Map.of(uri, "jenkins"));
        List<Map<String, Object>> d = list(file(r, uri), "diagnostics");
        assertEquals(2, d.size(), String.valueOf(d));
        for (Map<String, Object> x : d) {
            assertEquals("unresolved", x.get("category"));
            @SuppressWarnings("unchecked")
            Map<String, Object> u = (Map<String, Object>) x.get("unresolved");
            assertEquals("y", u.get("name"));
            assertEquals("y", u.get("import"));
            assertEquals(true, u.get("packageKnown"), "the default package is declared by the open buffers");
        }
        assertTrue(list(file(r, "u:other"), "diagnostics").isEmpty());
    }
}
