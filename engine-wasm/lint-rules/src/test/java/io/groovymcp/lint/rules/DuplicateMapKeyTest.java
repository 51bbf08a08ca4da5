package io.groovymcp.lint.rules;

import static io.groovymcp.lint.rules.Lint.expect;
import static io.groovymcp.lint.rules.Lint.lines;

import org.junit.jupiter.api.Test;

class DuplicateMapKeyTest {
    private static final String RULE = "groovy/duplicate-map-key";

    @Test
    void repeatedLiteralKeysAreReported() {
        expect(RULE, lines(
                "def a = [name: 1, other: 2, name: 3]",
                "def b = ['x': 1, x: 2]                 // quoted and bare are the same key",
                "def c = [1: 'a', 1: 'b']",
                "def d = [true: 1, (true): 2]                    // the bare key is the string 'true'"), "1:29", "2:18", "3:18");
    }

    @Test
    void repeatedNamedArgumentsAreTheCompilersError() {
        // The parser rejects f(id: 1, id: 2) itself ("Duplicated named parameter"), so the rule never sees it.
        Compiled c = Compiled.of("def f(Map m) { m }\nf(id: 1, id: 2)\n");
        org.junit.jupiter.api.Assertions.assertTrue(c.errors().toString().contains("Duplicated named parameter 'id'"),
                c.errors().toString());
    }

    @Test
    void mapsInsideArgumentsAreChecked() {
        expect(RULE, lines(
                "def f(Map m) { m }",
                "f([id: 1, id: 2])"), "2:11");
    }

    @Test
    void distinctOrComputedKeysAreNotReported() {
        expect(RULE, lines(
                "def k = 'a'",
                "def a = [1: 'int', 1L: 'long', 1.0: 'decimal', '1': 'string']   // different keys in the map",
                "def b = [(k): 1, (k): 2]                                      // expressions: not compared",
                "def c = [\"$k\": 1, \"$k\": 2]                                    // GStrings: not compared",
                "def d = [a: 1, *: [a: 2]]                                      // spread is not a literal key",
                "def e = [a: [a: 1], b: [a: 2]]                                 // nested maps are separate"));
    }
}
