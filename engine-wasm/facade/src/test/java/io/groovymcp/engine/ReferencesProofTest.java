package io.groovymcp.engine;

import static io.groovymcp.engine.QueryCases.at;
import static io.groovymcp.engine.QueryCases.ch;
import static io.groovymcp.engine.QueryCases.line;
import static io.groovymcp.engine.QueryCases.list;
import static io.groovymcp.engine.QueryCases.num;
import static io.groovymcp.engine.QueryCases.open;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Issue 11 item 6: references mark each location proven or candidate, and never list another type's member. */
class ReferencesProofTest {
    private Engine e;

    @BeforeEach
    void setUp() throws IOException {
        e = EngineCases.newEngine();
    }

    /** line:character:proof of each location, in order. */
    private static List<String> sites(Map<String, Object> refs) {
        List<String> out = new ArrayList<>();
        for (Map<String, Object> l : list(refs, "locations")) {
            out.add(l.get("uri") + ":" + line(l) + ":" + ch(l) + ":" + l.get("proof"));
        }
        return out;
    }

    @Test
    void theReferenceIdentityCaseIsTwoProvenLocations() {
        open(e, "u:h", "class Hello { def foo(String bar) { foo(bar) } }\n");
        Map<String, Object> refs = at(e, "references", "u:h", 0, 19);
        assertEquals(List.of("u:h:0:18:proven", "u:h:0:36:proven"), sites(refs));
        assertEquals(2, num(refs, "proven"));
        assertEquals(0, num(refs, "candidates"));
    }

    @Test
    void aDynamicCallIsACandidateAndAnotherTypesMemberNeverAppears() {
        open(e, "u:calc", "class Calc { int add(int a, int b) { a + b } }\n"
                + "class Other { int add(int a, int b) { 0 } }\n"
                + "def calc = new Calc()\nprintln calc.add(1, 2)\n"
                + "def x = something()\nx.add(3, 4)\n"
                + "def o = new Other()\no.add(5, 6)\n"
                + "x.add(1)\n");
        Map<String, Object> refs = at(e, "references", "u:calc", 0, 18);
        // the declaration and the typed call are proven; x.add(3, 4) is a candidate; Other.add and the one-argument
        // call (no method of Calc takes one) are not references at all
        assertEquals(List.of("u:calc:0:17:proven", "u:calc:3:13:proven", "u:calc:5:2:candidate"), sites(refs));
        assertEquals(3, num(refs, "total"));
        assertEquals(2, num(refs, "proven"));
        assertEquals(1, num(refs, "candidates"));
        // from the other type's declaration: its own typed call only
        assertEquals(List.of("u:calc:1:18:proven", "u:calc:7:2:proven", "u:calc:5:2:candidate"),
                sites(at(e, "references", "u:calc", 1, 19)));
    }

    @Test
    void candidatesComeFromEveryOpenBuffer() {
        open(e, "u:a", "class Calc { int add(int a, int b) { a + b } }\n");
        open(e, "u:b", "def run(c) { c.add(1, 2) }\n");
        assertEquals(List.of("u:a:0:17:proven", "u:b:0:15:candidate"), sites(at(e, "references", "u:a", 0, 18)));
    }

    @Test
    void aCallOnASubtypeWithItsOwnOverrideIsThatTypesMember() {
        open(e, "u:i", "interface I { void m() }\nclass C implements I { void m() {} }\nnew C().m()\n");
        assertEquals(List.of("u:i:0:19:proven"), sites(at(e, "references", "u:i", 0, 19)));
    }

    @Test
    void theCaretOnAnUnboundCallIsItselfACandidate() {
        open(e, "u:d", "def run(c) { c.add(1, 2) }\n");
        Map<String, Object> refs = at(e, "references", "u:d", 0, 16);
        assertEquals(List.of("u:d:0:15:candidate"), sites(refs));
        assertEquals(0, num(refs, "proven"));
    }
}
