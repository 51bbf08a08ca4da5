package io.groovymcp.engine.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

/**
 * The two sides of the closure rule, one text at a time: which names a text declares (exact, from the lexer, with the
 * word scan as the fallback) and which words it uses (over-approximated). ClosureCompileTest proves that compiles of
 * the closures answer like the full compile; this test pins that the declared side is as tight as it claims.
 */
class DependencyClosureTest {
    private static Set<String> declared(String uri, String text) {
        return new TreeSet<>(DependencyClosure.declaredNames(uri, text));
    }

    private static Set<String> set(String... s) {
        return new TreeSet<>(Arrays.asList(s));
    }

    @Test
    void declarationWordsInCommentsAndStringsDeclareNothing() {
        String text = "// this class is Thing\n/* interface Ghost */\n/** enum Doc */\nclass Real {\n"
                + "  String s = 'class Fake'\n  String g = \"enum ${1} Phantom $s\"\n  def r = /trait Slashy/\n"
                + "  def d = $/record Dollar/$\n  String t = '''class Triple'''\n  def c = String.class\n}\n";
        assertEquals(set("Real", "Words"), declared("file:///w/Words.groovy", text));
    }

    @Test
    void aClassInsideAGStringExpressionIsDeclared() {
        String text = "def s = \"${new Object() { class Deep {} }}\"\n";
        assertEquals(set("Deep", "G"), declared("file:///w/G.groovy", text));
    }

    @Test
    void traitAndRecordAsIdentifiersDeclareNothingButAsKeywordsDeclare() {
        // a keyword followed, across a newline, by a word still names it: "def" here, which costs nothing
        assertEquals(set("Idents", "def"), declared("file:///w/Idents.groovy",
                "def record = [1, 2]\ndef trait = record.size()\nprintln trait\ndef var = record\n"));
        assertEquals(set("Decls", "Greeter", "Marker", "Point", "\uD835\uDC9CFoo"), declared("file:///w/Decls.groovy",
                "trait Greeter {}\nrecord Point(int x) {}\n@interface Marker {}\nclass \uD835\uDC9CFoo {}\n"));
    }

    @Test
    void nestedClassesAreDeclaredToo() {
        assertEquals(set("Cb", "Inner", "Kind", "Outer"), declared("file:///w/Outer.groovy",
                "class Outer {\n  static class Inner {}\n  enum Kind { A }\n  interface Cb {}\n}\n"));
    }

    @Test
    void aLexerErrorFallsBackToTheWordScan() {
        // the stray '#' stops the lexer; the word scan then names what follows each declaring word, comments too
        assertEquals(set("After", "Before", "Noted", "Stray"), declared("file:///w/Stray.groovy",
                "class Before {}\n#\n// class Noted\nclass After {}\n"));
        assertEquals(set("After", "Before", "Unclosed"), declared("file:///w/Unclosed.groovy",
                "class Before {}\nString s = 'never closed\nclass After {}\n"));
        // an escape outside a string is a lexer error; the fallback reads the decoded text as well
        assertEquals(set("Esc", "Foo"), declared("file:///w/Esc.groovy", "class \\u0046oo {}\n"));
    }

    @Test
    void usedWordsAreCutAtDollarsAndWhereANumberEnds() {
        Set<String> w = DependencyClosure.scan("file:///w/U.groovy",
                "def a = \"$Foo.label\"\ndef b = Outer$Inner.k\ndef c = 0xFFeed\ndef d = 'x\\tTab'\n").words;
        for (String s : new String[] {"$Foo", "Foo", "label", "Outer$Inner", "Outer", "Inner", "0xFFeed", "Feed",
            "eed", "tTab", "Tab"}) {
            assertTrue(w.contains(s), s + " missing from " + w);
        }
    }

    @Test
    void aCommentSayingClassIsDoesNotPullItsBufferIn() {
        // bench:real's multi set: two CodeNarc files whose comments say "class is ...", and an edited file using "is"
        List<String> uris = Arrays.asList("file:///w/Edited.groovy", "file:///w/A.groovy", "file:///w/B.groovy", "file:///w/C.groovy");
        List<String> texts = Arrays.asList(
                "class Edited { boolean f(x) { x.is(null) } }\n",
                "/** This class is the base of all rules */\nclass A {}\n",
                "class B { // the class is immutable\n}\n",
                "class C { Edited e }\n");
        List<DependencyClosure.Names> names = new ArrayList<>();
        for (int i = 0; i < uris.size(); i++) {
            names.add(DependencyClosure.scan(uris.get(i), texts.get(i)));
        }
        assertEquals(List.of("file:///w/Edited.groovy"), DependencyClosure.of("file:///w/Edited.groovy", uris, names));
        assertEquals(List.of("file:///w/Edited.groovy", "file:///w/C.groovy"), DependencyClosure.of("file:///w/C.groovy", uris, names));
        assertFalse(names.get(1).declared().contains("is"));
    }

    /** Texts where the lexer and a character scan could part ways. */
    private static final String[] TRICKY = {
        "class \\\nSplit {}\n", "class /* c */ Commented {}\n", "class\tTab {}\n", "class\r\nCr {}\n",
        "enum\u00A0Nbsp {}\n", "class Zw\u200Dj {}\n", "class Ig\u0001n {}\n", "class \uD835\uDC9CSup {}\n",
        "def s = $/x/$\nclass$Glued {}\nrecord$/y/$\n", "class // comment\rFoo {}\n", "@interface\nAnn {}\n",
        "trait T {}\nrecord R() {}\ndef x = 1class Num {}\n", "#!/usr/bin/env groovy\nclass Shebang {}\n",
        "class A {}\n#!late\nclass B {}\n", "class E { def s = \"${ -> new Object() { class In {} } }\" }\n",
        "class \\u0046oo {}\n", "cl\\u0061ss Bar {}\n", "// class OnlyComment\n", "class Lone\uD800 {}\n",
        "def x = 1Lclass After {}\n", "class\uDB40\uDC01 Tag {}\n", "classes Plural\nclass\u0000Nul {}\n",
    };

    /**
     * The cheap superset the closure checks first must hold every name either declared-name scan can give, or a
     * buffer could be skipped that declares a name in use: over the whole fixture corpus and the tricky texts.
     */
    @Test
    void theCheapSupersetHoldsEveryDeclaredName() throws java.io.IOException {
        List<String> texts = new ArrayList<>(Arrays.asList(TRICKY));
        java.nio.file.Path corpus = java.nio.file.Paths.get("../../test/fixtures/corpus");
        try (java.util.stream.Stream<java.nio.file.Path> s = java.nio.file.Files.walk(corpus)) {
            for (java.nio.file.Path f : s.filter(java.nio.file.Files::isRegularFile).collect(
                    java.util.stream.Collectors.toList())) {
                texts.add(new String(java.nio.file.Files.readAllBytes(f), java.nio.charset.StandardCharsets.UTF_8));
            }
        }
        assertTrue(texts.size() > 200, texts.size() + " texts");
        int lexed = 0;
        for (String t : texts) {
            Set<String> declared = DependencyClosure.declaredNames("file:///w/T.groovy", t);
            Set<String> may = DependencyClosure.scan("file:///w/T.groovy", t).mayDeclare;
            for (String d : declared) {
                assertTrue(may.contains(d), d + " declared but not in the superset " + may + " of:\n" + t);
            }
            if (DeclaredNames.lex(t, new HashSet<>())) {
                lexed++;
            }
        }
        assertTrue(lexed > 200, "only " + lexed + " texts lexed without error");
    }

    @Test
    void loneSurrogatesLexAsTheCompilerReadsThem() {
        assertEquals("a\uFFFDb\uFFFD\uD835\uDC9C\uFFFD", DeclaredNames.compilerChars("a\uD835b\uDC9C\uD835\uDC9C\uD835"));
        Set<String> out = new HashSet<>();
        assertTrue(DeclaredNames.lex("class Ok {}\n", out));
        assertEquals(set("Ok"), new TreeSet<>(out));
    }
}
