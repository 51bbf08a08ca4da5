package io.groovymcp.engine;

import static io.groovymcp.engine.QueryCases.err;
import static io.groovymcp.engine.QueryCases.ok;
import static io.groovymcp.engine.QueryCases.open;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The engine as one state object: host-configured cap, messages free of MCP names, one op table, quiet stderr. */
class EngineStateTest {
    @Test
    void hostConfiguresTheBufferCap() throws IOException {
        Engine e = EngineCases.newEngine();
        assertEquals(64.0, ((Number) ok(e, "op", "configure").get("maxOpenBuffers")).doubleValue());
        assertEquals(2.0, ((Number) ok(e, "op", "configure", "maxOpenBuffers", 2).get("maxOpenBuffers")).doubleValue());
        open(e, "groovy-buffer:a", "class A {}");
        open(e, "groovy-buffer:b", "class B {}");
        open(e, "groovy-buffer:a", "class A2 {}"); // replacing an open buffer is not a new one
        Map<String, Object> er = err(e, "op", "open", "uri", "groovy-buffer:c", "text", "class C {}");
        assertEquals("state", er.get("kind"));
        assertEquals("too many open buffers (the limit is 2); close one first", er.get("message"));
        assertFalse(String.valueOf(er.get("message")).contains("groovy_"), "no MCP tool name in engine messages");
        ok(e, "op", "close", "uri", "groovy-buffer:b");
        open(e, "groovy-buffer:c", "class C {}");
    }

    @Test
    void badCapIsAnArgumentError() throws IOException {
        Engine e = EngineCases.newEngine();
        for (Object bad : new Object[] {0, -3, 1.5, "8", true}) {
            Map<String, Object> er = err(e, "op", "configure", "maxOpenBuffers", bad);
            assertEquals("argument", er.get("kind"), "for " + bad);
            assertTrue(String.valueOf(er.get("message")).contains("maxOpenBuffers"));
        }
    }

    @Test
    void everyBufferOpRefusesAClosedBufferTheSameWay() throws IOException {
        Engine e = EngineCases.newEngine();
        String u = "groovy-buffer:gone";
        for (String op : new String[] {"diagnostics", "symbols", "tokens", "format", "organizeImports"}) {
            Map<String, Object> er = err(e, "op", op, "uri", u);
            assertEquals("state", er.get("kind"), op);
            assertEquals("not open: " + u, er.get("message"), op);
        }
    }

    @Test
    void enginesShareNoState() throws IOException {
        Engine a = EngineCases.newEngine();
        Engine b = EngineCases.newEngine();
        open(a, "groovy-buffer:x", "class X { int n }");
        ok(a, "op", "diagnostics", "uri", "groovy-buffer:x");
        assertEquals("state", err(b, "op", "diagnostics", "uri", "groovy-buffer:x").get("kind"));
        open(b, "groovy-buffer:x", "class X {\n  String s\n}");
        ok(b, "op", "symbols", "uri", "groovy-buffer:x");
        // a's index is its own: still the one-line class
        Map<String, Object> d = ok(a, "op", "describe", "uri", "groovy-buffer:x", "line", 0, "character", 14);
        assertTrue(String.valueOf(d.get("markdown")).contains("int n"), String.valueOf(d));
    }

    /** Ordinary compiles print nothing on stderr (issue 7: the "Stream is closed" trace). */
    @Test
    void ordinaryCompilesPrintNothingOnStderr() throws IOException {
        Engine e = EngineCases.newEngine();
        PrintStream old = System.err;
        java.io.ByteArrayOutputStream buf = new java.io.ByteArrayOutputStream();
        System.setErr(new PrintStream(buf, true, "UTF-8"));
        try {
            open(e, "groovy-buffer:cs", "@groovy.transform.CompileStatic class A { int side; int area() { side } }");
            ok(e, "op", "diagnostics", "uri", "groovy-buffer:cs");
            open(e, "groovy-buffer:ac", "import groovy.transform.*\n@AnnotationCollector([ToString])\n@interface Coll {}\n");
            ok(e, "op", "diagnostics", "uri", "groovy-buffer:ac");
            open(e, "groovy-buffer:lex", "def s = 'unterminated\n#\\u0000 `");
            ok(e, "op", "diagnostics", "uri", "groovy-buffer:lex");
            ok(e, "op", "tokens", "uri", "groovy-buffer:lex");
        } finally {
            System.setErr(old);
        }
        assertEquals("", buf.toString("UTF-8"));
    }
}
