package io.groovymcp.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import groovy.lang.GroovySystem;
import io.groovymcp.engine.json.Json;

class DiagnosticsTest {
    static Engine engine;

    @BeforeAll
    static void setUp() throws IOException {
        engine = EngineCases.newEngine();
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> diags(String text) {
        Map<String, Object> r = (Map<String, Object>) Json.parse(EngineCases.diagnosticsOf(engine, text));
        assertTrue(r.containsKey("result"), () -> "no result: " + r);
        return (List<Map<String, Object>>) ((Map<String, Object>) r.get("result")).get("diagnostics");
    }

    @SuppressWarnings("unchecked")
    static int line(Map<String, Object> d) {
        Map<String, Object> range = (Map<String, Object>) d.get("range");
        return ((Number) ((Map<String, Object>) range.get("start")).get("line")).intValue();
    }

    @Test
    void loneSurrogatesAreOrdinaryInput() {
        assertEquals(List.of(), diags("def s = '" + "\uD800".repeat(20_000) + "'\n"));
        // past the parser's first chunk, a stray lone surrogate keeps its column: the same as any other stray character
        String pad = "def a = '" + "\uDBFF".repeat(5000) + "'\n";
        assertEquals(diags(pad + "def b = 1 # + )\n").toString(), diags(pad + "def b = 1 \uD800 + )\n").toString()
                .replace("\uFFFD", "#"));
        assertFalse(diags("def x = 1 \uDC00\nint y = )\n").isEmpty());
    }

    @Test
    void versionConstantMatchesTheJar() {
        assertEquals(GroovySystem.getVersion(), EngineVersion.GROOVY);
    }

    @Test
    void incompleteDeclarationIsASyntaxErrorOnLineZero() {
        List<Map<String, Object>> d = diags("def x = ");
        assertFalse(d.isEmpty());
        assertEquals("error", d.get(0).get("severity"));
        assertEquals(0, line(d.get(0)));
    }

    @Test
    void unknownClassIsUnresolved() {
        List<Map<String, Object>> d = diags("new Foo()");
        assertTrue(d.stream().anyMatch(x -> String.valueOf(x.get("message")).contains("unable to resolve class Foo")),
                () -> d.toString());
    }

    @Test
    void typeCheckedUndeclaredVariable() {
        List<Map<String, Object>> d = diags("@groovy.transform.TypeChecked void m() { undefinedVar.foo() }");
        assertTrue(d.stream().anyMatch(x -> String.valueOf(x.get("message"))
                .contains("The variable [undefinedVar] is undeclared")), () -> d.toString());
    }

    @Test
    void jdkAndGdkMembersResolveUnderCompileStatic() {
        assertEquals(List.of(), diags("@groovy.transform.CompileStatic\nclass A { def m() { \"abc\".toUpperCase() } }"));
        assertEquals(List.of(),
                diags("@groovy.transform.CompileStatic\nclass B { def m() { [1,2,3].collect { it * 2 }.sum() } }"));
    }

    @Test
    void classInOneBufferResolvesFromAnother() {
        Engine e = engine;
        EngineCases.open(e, "groovy-buffer:a", "class Alpha { String name }");
        EngineCases.open(e, "groovy-buffer:b", "@groovy.transform.CompileStatic\nclass Beta { def m() { new Alpha(name: 'x').name.length() } }");
        String r = EngineCases.diagnostics(e, "groovy-buffer:b");
        assertTrue(r.contains("\"diagnostics\":[]"), r);
        e.handle("{\"op\":\"close\",\"uri\":\"groovy-buffer:a\"}");
        String r2 = EngineCases.diagnostics(e, "groovy-buffer:b");
        assertTrue(r2.contains("unable to resolve class Alpha"), r2);
        e.handle("{\"op\":\"close\",\"uri\":\"groovy-buffer:b\"}");
    }

    @Test
    void throwingAstTestDoesNotRun() {
        List<Map<String, Object>> d = diags("import groovy.transform.ASTTest\n"
                + "@ASTTest(value = { throw new RuntimeException('asttest-executed') })\nclass Victim {}");
        assertTrue(d.stream().noneMatch(x -> String.valueOf(x.get("message")).contains("asttest-executed")),
                () -> d.toString());
    }

    @Test
    void emojiBeforeAnErrorKeepsUtf16Columns() {
        List<Map<String, Object>> d = diags("def s = '🥤🥤'; new Foo()");
        @SuppressWarnings("unchecked")
        Map<String, Object> start = (Map<String, Object>) ((Map<String, Object>) d.get(0).get("range")).get("start");
        assertEquals(16, ((Number) start.get("character")).intValue(), d.toString());
    }
}
