package io.groovymcp.engine.oracle;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import io.groovymcp.engine.Engine;
import io.groovymcp.engine.json.Json;

/**
 * The requests replayed on both runtimes. Each corpus file is opened, queried and closed, so every answer depends
 * only on that file and on the process's earlier history, which is the same on both sides. Besides diagnostics,
 * every tool is asked about the file: whole-buffer tools once, positional tools at the first occurrences of the first
 * few distinct identifiers (so positions land on names the tools care about), about 24 requests per file.
 */
public final class RequestPlan {
    private static final int NAMES = 3;

    private RequestPlan() {
    }

    public static List<String> build(Path corpus, List<Path> files) throws IOException {
        List<String> plan = new ArrayList<>();
        for (Path f : files) {
            String text = new String(Files.readAllBytes(f), StandardCharsets.UTF_8);
            String uri = "groovy-buffer:corpus/" + corpus.relativize(f).toString().replace('\\', '/');
            plan.add(Json.write(Json.obj("op", "open", "uri", uri, "text", text)));
            plan.add(Json.write(Json.obj("op", "diagnostics", "uri", uri)));
            if (f.getFileName().toString().startsWith("jenkins-")) {
                // the Declarative checks run for a Jenkinsfile only: asked by kind, and by lint as kind jenkins
                plan.add(Json.write(Json.obj("op", "diagnostics", "uri", uri, "kind", "jenkins")));
                plan.add(Json.write(Json.obj("op", "lint", "kinds", Json.obj(uri, "jenkins"))));
            }
            plan.add(Json.write(Json.obj("op", "lint")));
            forFile(plan, uri, text);
            plan.add(Json.write(Json.obj("op", "close", "uri", uri)));
            if (f.getFileName().toString().startsWith("jenkins-")) {
                // once more under a pipeline's name, where the compile sees the CPS shell's imports
                String pipeline = "groovy-buffer:pipeline/" + f.getFileName().toString().replace(".groovy", ".jenkins");
                plan.add(Json.write(Json.obj("op", "open", "uri", pipeline, "text", text)));
                plan.add(Json.write(Json.obj("op", "diagnostics", "uri", pipeline)));
                plan.add(Json.write(Json.obj("op", "lint", "kinds", Json.obj(pipeline, "jenkins"))));
                plan.add(Json.write(Json.obj("op", "close", "uri", pipeline)));
            }
        }
        group(plan, corpus, files);
        for (String[][] scenario : SCENARIOS) {
            scenario(plan, scenario);
        }
        for (Object[] probe : PROBES) {
            probe(plan, probe);
        }
        edits(plan);
        annotated(plan, corpus, files);
        ProjectPlan.add(plan);
        return plan;
    }

    /**
     * Issue 11 item 9: the type checker over an annotated copy of the corpus. Every clean corpus file that declares
     * classes is opened again with {@code @TypeChecked}, then with {@code @CompileStatic}, inserted at the start of
     * each top-level class on the same line (so no line moves), and its diagnostics are asked for.
     */
    static void annotated(List<String> plan, Path corpus, List<Path> files) throws IOException {
        for (String mode : new String[] {"TypeChecked", "CompileStatic"}) {
            for (Path f : files) {
                String name = corpus.relativize(f).toString().replace('\\', '/');
                if (!name.contains("clean")) {
                    continue;
                }
                String text = new String(Files.readAllBytes(f), StandardCharsets.UTF_8);
                String annotatedText = annotate(text, "@groovy.transform." + mode + " ");
                if (annotatedText == null) {
                    continue;
                }
                String uri = "groovy-buffer:annotated/" + mode + "/" + name;
                plan.add(Json.write(Json.obj("op", "open", "uri", uri, "text", annotatedText)));
                plan.add(Json.write(Json.obj("op", "diagnostics", "uri", uri)));
                plan.add(Json.write(Json.obj("op", "close", "uri", uri)));
            }
        }
    }

    /**
     * The text with the annotation inserted before each top-level class, enum or record that is not already
     * checked (interfaces, traits, annotation types and scripts are left alone); null when there is none.
     */
    static String annotate(String text, String annotation) {
        org.codehaus.groovy.control.CompilationUnit cu = new org.codehaus.groovy.control.CompilationUnit();
        org.codehaus.groovy.control.SourceUnit su = cu.addSource("Annotate.groovy", text);
        try {
            cu.compile(org.codehaus.groovy.control.Phases.CONVERSION);
        } catch (RuntimeException e) {
            return null;
        }
        io.groovymcp.engine.text.SourceText st = new io.groovymcp.engine.text.SourceText(text);
        List<Integer> offsets = new ArrayList<>();
        for (org.codehaus.groovy.ast.ClassNode cn : su.getAST().getClasses()) {
            if (cn.isInterface() || cn.isScript() || cn.getOuterClass() != null || cn.getLineNumber() < 1
                    || cn.getAnnotations().stream().anyMatch(a -> a.getClassNode().getName().startsWith("groovy.transform.")
                    && (a.getClassNode().getNameWithoutPackage().equals("TypeChecked")
                    || a.getClassNode().getNameWithoutPackage().equals("CompileStatic")
                    || a.getClassNode().getNameWithoutPackage().equals("CompileDynamic")))) {
                continue;
            }
            offsets.add(st.compilerOffset(cn.getLineNumber(), cn.getColumnNumber()));
        }
        if (offsets.isEmpty()) {
            return null;
        }
        offsets.sort(java.util.Comparator.reverseOrder());
        StringBuilder sb = new StringBuilder(text);
        for (int off : offsets) {
            sb.insert(off, annotation);
        }
        return sb.toString();
    }

    /** How many corpus files one lint group opens together (the way lint compiles a source tree). */
    private static final int GROUP = 24;

    /** The first corpus files open together: lint of the group, each file as a jenkins/gradle kind too, then closed. */
    static void group(List<String> plan, Path corpus, List<Path> files) throws IOException {
        List<String> uris = new ArrayList<>();
        Map<String, Object> kinds = new java.util.LinkedHashMap<>();
        for (Path f : files.subList(0, Math.min(GROUP, files.size()))) {
            String uri = "groovy-buffer:group/" + corpus.relativize(f).toString().replace('\\', '/');
            uris.add(uri);
            kinds.put(uri, uris.size() % 3 == 0 ? "jenkins" : uris.size() % 3 == 1 ? "gradle" : "script");
            plan.add(Json.write(Json.obj("op", "open", "uri", uri, "text",
                    new String(Files.readAllBytes(f), StandardCharsets.UTF_8))));
        }
        plan.add(Json.write(Json.obj("op", "lint")));
        plan.add(Json.write(Json.obj("op", "lint", "kinds", kinds)));
        for (String uri : uris) {
            plan.add(Json.write(Json.obj("op", "diagnostics", "uri", uri)));
        }
        for (String uri : uris) {
            plan.add(Json.write(Json.obj("op", "close", "uri", uri)));
        }
    }

    /**
     * Multi-buffer cases the corpus (one file at a time) cannot show: buffers open together, then every whole-buffer
     * op and lint on each, then closed. Each entry is {uri, text} pairs.
     */
    static final String[][][] SCENARIOS = {
        // issue 11 item 5: an unresolved Spock spec must not mask the type errors of another buffer
        {{"groovy-buffer:scenario/CalcSpec.groovy", "import spock.lang.Specification\n"
                + "class CalcSpec extends Specification {\n  def \"adds\"() { expect: 1 + 1 == 2 }\n}\n"},
         {"groovy-buffer:scenario/Shop.groovy", "import groovy.transform.CompileStatic\n"
                + "class Order { String id; int qty }\n@CompileStatic\nclass Shop {\n"
                + "  Map<String, Order> orders = [:]\n  int total() { int y = 'one'; y }\n"
                + "  Order find(String id) { int x = \"no\"; orders[id] }\n}\n"},
         {"groovy-buffer:scenario/User.groovy", "class User { CalcSpec spec; Order last }\n"}},
        // lint categories across buffers: duplicate class, unresolved import with and without a known package
        {{"groovy-buffer:scenario/a/A.groovy", "package a\nimport org.x.Foo\nimport java.util.concurrent.Nope\n"
                + "import java.util.List\nclass A { Foo f; b.B other }\n"},
         {"groovy-buffer:scenario/b/B.groovy", "package b\nclass B {}\nclass B {}\n"},
         {"groovy-buffer:scenario/Jenkinsfile", "pipeline {\n  agent any\n  stages {\n    stage('Build') {\n"
                + "      steps { sh 'make' }\n    }\n  }\n}\n"}},
        // issue 10 (closure compiles): a hierarchy over three buffers next to an unrelated one
        {{"groovy-buffer:scenario/closure/a/Base.groovy", "package a\nabstract class Base { abstract int size()\n"
                + "  String name() { 'b' } }\n"},
         {"groovy-buffer:scenario/closure/b/Impl.groovy", "package b\nimport a.Base\n@groovy.transform.CompileStatic\n"
                + "class Impl extends Base { int size() { name().length() }\n  Helper h() { new Helper() } }\n"},
         {"groovy-buffer:scenario/closure/b/Helper.groovy", "package b\nclass Helper { int n = 'x' }\n"},
         {"groovy-buffer:scenario/closure/Other.groovy", "class Other { def run() { println 'alone' } }\n"},
         {"groovy-buffer:scenario/closure/Use.groovy", "@groovy.transform.TypeChecked\nclass Use {\n"
                + "  int f(b.Impl i) { i.size() + i.h().n }\n  String g(b.Impl i) { i.size() }\n}\n"}},
        // scripts naming each other's script classes (one through a percent-encoded URI), a syntax error, escapes
        {{"file:///w/helpers.groovy", "def twice(int x) { x * 2 }\nString greet(String n) { \"hi $n\" }\n"},
         {"file:///w/main.groovy", "def h = new helpers()\nprintln h.twice(3)\nprintln h.greet('a')\n"},
         {"file:///w/%41bc.groovy", "int k = 1\n"},
         {"file:///w/useAbc.groovy", "println new Abc().run()\nhelpers.x\n"},
         {"file:///w/Broken.groovy", "class Broken { def m( { }\n"},
         {"file:///w/UsesBroken.groovy", "class UsesBroken { Broken b\n  def x() { b.m() } }\n"},
         {"file:///w/Esc.groovy", "class Target { static int v = 1 }\n"
                + "@groovy.transform.CompileStatic\nclass Esc { int f() { T\\u0061rget.v + 'x' } }\n"},
         {"file:///w/Dyn.groovy", "class Calc { int add(int a, int b) { a + b } }\n"},
         {"file:///w/Caller.groovy", "def run(x) { x.add(1, 2) }\nrun(null)\n"}},
        // issue 10 (closure: declared names from Groovy's lexer): declaration words in comments and strings declare
        // nothing, a GString's "$Foo" and a binary name Outer$Inner still pull their buffer in, a lexer error falls
        // back to the word scan, and trait/record are identifiers as well as keywords
        {{"groovy-buffer:scenario/lexed/Words.groovy", "package lexed\n// this class is Thing\n/* interface Ghost */\n"
                + "class Foo {\n  static String label = 'class Fake'\n  String g = \"enum ${1} Phantom\"\n"
                + "  def r = /trait Slashy/\n  static class In { static int n = 1 }\n}\n"},
         {"groovy-buffer:scenario/lexed/UsesWords.groovy", "package lexed\n@groovy.transform.CompileStatic\n"
                + "class UsesWords {\n  String m() { \"$Foo.label\" }\n  int n() { Foo$In.n }\n"
                + "  def o() { [is, Thing, Ghost, Fake] }\n}\n"},
         {"groovy-buffer:scenario/lexed/Unclosed.groovy", "class Before { int v = 1 }\nString s = 'never closed\n"
                + "class After {}\n"},
         {"groovy-buffer:scenario/lexed/UsesBefore.groovy", "@groovy.transform.CompileStatic\n"
                + "class UsesBefore { int f(Before b) { b.v } }\n"},
         {"groovy-buffer:scenario/lexed/Idents.groovy", "def record = [1, 2]\ndef trait = record.size()\n"
                + "record Point(int x) {}\nprintln new Point(trait).x()\n"}},
        // issue 13 item 2: lone surrogates are ordinary input, more of them than the parser reads in one chunk
        {{"groovy-buffer:scenario/lone-surrogates.groovy", "def s = '" + "\uD800".repeat(20_000) + "'\n"}},
        // stray lone surrogates in code, before an error on the same line and on the next
        {{"groovy-buffer:scenario/stray-surrogate.groovy", "def x = 1 \uDC00 + )\nint y = \uD800\n"}},
    };

    /**
     * One buffer and the exact positions that issue 11's navigation, completion and outline cases ask about:
     * {uri, text, then op, line, character triples (a "rename" op renames to "renamed")}.
     */
    static final Object[][] PROBES = {
        {"groovy-buffer:probe/Hello.groovy", "class Hello { def foo(String bar) { foo(bar) } }\n",
            "references", 0, 19, "rename", 0, 19, "definition", 0, 37},
        {"groovy-buffer:probe/calc.groovy", "class Calc { int add(int a, int b) { a + b } }\ndef calc = new Calc()\n"
                + "println calc.add(1, 2)\n", "rename", 0, 18, "references", 0, 18, "describe", 2, 14,
            "definition", 2, 14},
        {"groovy-buffer:probe/calc2.groovy", "class Calc { int add(int a, int b) { a + b } }\ndef calc = new Calc()\n"
                + "calc = null\ncalc?.add(1, 2)\n", "rename", 0, 18},
        {"groovy-buffer:probe/Dates.groovy", "import java.time.LocalDate\nclass T {\n  def d() { LocalDate.now() }\n"
                + "  def m() { LocalDate.n }\n}\n", "describe", 2, 14, "definition", 2, 14, "complete", 3, 23},
        {"groovy-buffer:probe/MathCs.groovy", "@groovy.transform.CompileStatic\nclass T {\n  def m() { Math.ma }\n}\n",
            "complete", 2, 19, "describe", 2, 13},
        {"groovy-buffer:probe/Incomplete.groovy", "class T {\n  def m(String s) {\n    s.\n  }\n}\n",
            "complete", 2, 6},
        {"groovy-buffer:probe/CalcSpec.groovy", "import spock.lang.Specification\nclass CalcSpec extends Specification {\n"
                + "  def \"adds two numbers\"() {\n    expect: 1 + 1 == 2\n  }\n}\n", "symbols", -1, -1},
        {"groovy-buffer:probe/Jenkinsfile", "pipeline {\n  agent any\n  stages {\n    stage('Build') {\n"
                + "      steps { sh 'make' }\n    }\n    stage('Test') {\n      parallel {\n"
                + "        stage('Unit') { steps { sh 'u' } }\n      }\n    }\n  }\n}\n", "symbols", -1, -1},
        {"groovy-buffer:probe/Dup.groovy", "class D { def x() {} }\nclass D {}\n", "rename", 0, 17},
        // the ast op (the playground's compiler view): inferred types, a phase that stopped, a parse failure,
        // transform output without positions, and the node budget
        {"groovy-buffer:probe/AstTyped.groovy", "import groovy.transform.*\n@TypeChecked\nclass P {\n"
                + "  List<String> names(List<File> fs) {\n    def out = fs.collect { it.name }\n"
                + "    for (String n : out) { if (!n) continue }\n    try { out*.size() } catch (IOException e) {}\n"
                + "    out.findAll { String s -> s.length() > 2 && s =~ /a/ } ?: []\n  }\n}\n"
                + "@ToString @EqualsAndHashCode\nclass Q { int a = -1; String b = \"x${a}\"; def c = [k: 1..<3] }\n",
            "ast", -1, -1},
        {"groovy-buffer:probe/AstUnresolved.groovy", "class U { NoSuchType t\n def m() { t.x(1) } }\n", "ast", -1, -1},
        {"groovy-buffer:probe/AstBroken.groovy", "class B { def m( { }\n", "ast", -1, -1},
        {"groovy-buffer:probe/AstScript.groovy", "package demo\nimport static java.lang.Math.max\n"
                + "import java.util.*\nimport java.util.List as JL\nint x = max(1, 2)\n"
                + "switch (x) { case 2: println 'two'; break; default: assert false }\n"
                + "[1, 2].each(this.&println)\nnew Thread(() -> { synchronized (this) { throw new Error() } })\n",
            "ast", -1, -1},
        {"groovy-buffer:probe/AstHuge.groovy", "def x = [" + "1, ".repeat(20_010) + "]\n", "ast", -1, -1},
    };

    /**
     * Issue 10: closure compiles are cached and dropped as buffers change, so answers must follow every edit. Three
     * buffers; the queried one's dependency changes, breaks, comes back and closes, with diagnostics and describe of
     * every buffer after each step.
     */
    static void edits(List<String> plan) {
        String[] uris = {"groovy-buffer:edits/Model.groovy", "groovy-buffer:edits/Use.groovy",
            "groovy-buffer:edits/Alone.groovy"};
        String[][] steps = {
            {"class Model { int n }\n", "@groovy.transform.CompileStatic\nclass Use { int f(Model m) { m.n } }\n",
                "class Alone { String s = 1 }\n"},
            {"class Model { String n }\n", null, null},
            {"class Model { String n \n", null, null},
            {null, null, "class Alone { Model m }\n"},
            {"class Model { int n; int k }\n", "@groovy.transform.CompileStatic\nclass Use { int f(Model m) { m.k } }\n",
                null},
        };
        for (String[] step : steps) {
            for (int i = 0; i < uris.length; i++) {
                if (step[i] != null) {
                    plan.add(Json.write(Json.obj("op", "open", "uri", uris[i], "text", step[i])));
                }
            }
            for (String uri : uris) {
                plan.add(Json.write(Json.obj("op", "diagnostics", "uri", uri)));
                plan.add(Json.write(Json.obj("op", "describe", "uri", uri, "line", 0, "character", 7)));
            }
        }
        plan.add(Json.write(Json.obj("op", "close", "uri", uris[0])));
        for (String uri : new String[] {uris[1], uris[2]}) {
            plan.add(Json.write(Json.obj("op", "diagnostics", "uri", uri)));
        }
        for (String uri : new String[] {uris[1], uris[2]}) {
            plan.add(Json.write(Json.obj("op", "close", "uri", uri)));
        }
    }

    static void probe(List<String> plan, Object[] p) {
        String uri = (String) p[0];
        plan.add(Json.write(Json.obj("op", "open", "uri", uri, "text", p[1])));
        for (int i = 2; i + 2 < p.length; i += 3) {
            String op = (String) p[i];
            if ((Integer) p[i + 1] < 0) {
                plan.add(Json.write(Json.obj("op", op, "uri", uri)));
            } else if ("rename".equals(op)) {
                plan.add(Json.write(Json.obj("op", op, "uri", uri, "line", p[i + 1], "character", p[i + 2],
                        "newName", "renamed")));
            } else {
                plan.add(Json.write(Json.obj("op", op, "uri", uri, "line", p[i + 1], "character", p[i + 2])));
            }
        }
        plan.add(Json.write(Json.obj("op", "close", "uri", uri)));
    }

    static void scenario(List<String> plan, String[][] buffers) {
        for (String[] b : buffers) {
            plan.add(Json.write(Json.obj("op", "open", "uri", b[0], "text", b[1])));
        }
        plan.add(Json.write(Json.obj("op", "lint")));
        for (String[] b : buffers) {
            plan.add(Json.write(Json.obj("op", "diagnostics", "uri", b[0])));
            forFile(plan, b[0], b[1]);
        }
        for (String[] b : buffers) {
            plan.add(Json.write(Json.obj("op", "close", "uri", b[0])));
        }
    }

    static void forFile(List<String> plan, String uri, String text) {
        plan.add(Json.write(Json.obj("op", "symbols", "uri", uri)));
        plan.add(Json.write(Json.obj("op", "tokens", "uri", uri)));
        plan.add(Json.write(Json.obj("op", "format", "uri", uri)));
        plan.add(Json.write(Json.obj("op", "organizeImports", "uri", uri)));
        plan.add(Json.write(Json.obj("op", "ast", "uri", uri)));
        List<int[]> names = firstIdentifiers(text);
        String firstName = names.isEmpty() ? "" : text.substring(names.get(0)[0], names.get(0)[1]);
        plan.add(Json.write(Json.obj("op", "symbols", "query", firstName.length() > 3 ? firstName.substring(0, 3)
                : firstName, "maxResults", 20)));
        for (int[] n : names) {
            Map<String, Object> p = position(text, n[0] + 1);
            for (String op : new String[] {"describe", "definition", "references", "implementations"}) {
                plan.add(Json.write(Json.obj("op", op, "uri", uri, "line", p.get("line"),
                        "character", p.get("character"))));
            }
        }
        for (int i = 0; i < Math.min(2, names.size()); i++) {
            Map<String, Object> p = position(text, names.get(i)[1]);
            plan.add(Json.write(Json.obj("op", "complete", "uri", uri, "line", p.get("line"),
                    "character", p.get("character"))));
        }
        int paren = text.indexOf('(');
        Map<String, Object> sp = position(text, paren < 0 ? 0 : paren + 1);
        plan.add(Json.write(Json.obj("op", "signatures", "uri", uri, "line", sp.get("line"),
                "character", sp.get("character"))));
        if (!names.isEmpty()) {
            Map<String, Object> p = position(text, names.get(0)[0]);
            plan.add(Json.write(Json.obj("op", "rename", "uri", uri, "line", p.get("line"),
                    "character", p.get("character"), "newName", "renamed")));
        }
    }

    /** Spans of the first distinct non-keyword identifiers outside comments and strings, in text order. */
    static List<int[]> firstIdentifiers(String text) {
        Set<String> keywords = new TreeSet<>(io.groovymcp.engine.query.Lexing.keywords());
        Set<String> seen = new LinkedHashSet<>();
        List<int[]> out = new ArrayList<>();
        int i = 0;
        while (i < text.length() && out.size() < NAMES) {
            char c = text.charAt(i);
            if (c == '/' && i + 1 < text.length() && text.charAt(i + 1) == '/') {
                int nl = text.indexOf('\n', i);
                i = nl < 0 ? text.length() : nl;
            } else if (c == '/' && i + 1 < text.length() && text.charAt(i + 1) == '*') {
                int end = text.indexOf("*/", i + 2);
                i = end < 0 ? text.length() : end + 2;
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < text.length() && text.charAt(j) != c && text.charAt(j) != '\n') {
                    j += text.charAt(j) == '\\' ? 2 : 1;
                }
                i = j + 1;
            } else if (Character.isJavaIdentifierStart(c)) {
                int j = i + 1;
                while (j < text.length() && Character.isJavaIdentifierPart(text.charAt(j))) {
                    j++;
                }
                String w = text.substring(i, j);
                if (!keywords.contains(w) && (i == 0 || text.charAt(i - 1) != '@') && seen.add(w)) {
                    out.add(new int[] {i, j});
                }
                i = j;
            } else {
                i++;
            }
        }
        return out;
    }

    /** 0-based line and UTF-16 character of an offset; LF, CRLF and a lone CR end lines. */
    static Map<String, Object> position(String text, int offset) {
        int line = 0;
        int start = 0;
        for (int i = 0; i < offset && i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || (c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n'))) {
                line++;
                start = i + 1;
            }
        }
        return Json.obj("line", line, "character", Math.max(0, Math.min(offset, text.length()) - start));
    }
}
