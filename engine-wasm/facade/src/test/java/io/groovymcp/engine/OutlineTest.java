package io.groovymcp.engine;

import static io.groovymcp.engine.QueryCases.list;
import static io.groovymcp.engine.QueryCases.ok;
import static io.groovymcp.engine.QueryCases.open;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Issue 11 item 8: Spock features under their string names, script outlines, declarative pipeline trees. */
class OutlineTest {
    private Engine e;

    @BeforeEach
    void setUp() throws IOException {
        e = EngineCases.newEngine();
    }

    private static List<String> names(List<Map<String, Object>> symbols) {
        List<String> out = new ArrayList<>();
        for (Map<String, Object> s : symbols) {
            out.add(s.get("name") + "/" + s.get("kind"));
        }
        return out;
    }

    @Test
    void spockFeaturesByTheirStringNames() {
        open(e, "u:spec", "import spock.lang.Specification\nclass CalcSpec extends Specification {\n"
                + "  def \"adds two numbers\"() {\n    expect: 1 + 1 == 2\n  }\n  def plain() {}\n}\n");
        List<Map<String, Object>> top = list(ok(e, "op", "symbols", "uri", "u:spec"), "symbols");
        assertEquals(List.of("CalcSpec/Class"), names(top));
        assertEquals(List.of("adds two numbers/Method", "plain/Method"), names(list(top.get(0), "children")));
        @SuppressWarnings("unchecked")
        Map<String, Object> sel = (Map<String, Object>) list(top.get(0), "children").get(0).get("selectionRange");
        assertEquals(Map.of("line", 2.0, "character", 7.0), num(sel.get("start")));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> num(Object pos) {
        Map<String, Object> p = (Map<String, Object>) pos;
        return Map.of("line", ((Number) p.get("line")).doubleValue(), "character",
                ((Number) p.get("character")).doubleValue());
    }

    @Test
    void scriptsListTopLevelMethodsAndClasses() {
        open(e, "u:s", "def helper(int x) { x * 2 }\nclass Inner { int v }\nprintln helper(2)\n");
        assertEquals(List.of("Inner/Class", "helper/Method"),
                names(list(ok(e, "op", "symbols", "uri", "u:s"), "symbols")));
    }

    @Test
    void declarativePipelineAsATree() {
        open(e, "u:Jenkinsfile", "pipeline {\n  agent any\n  stages {\n    stage('Build') {\n      steps { sh 'make' }\n"
                + "    }\n    stage('Test') {\n      parallel {\n        stage('Unit') { steps { sh 'u' } }\n      }\n"
                + "    }\n  }\n}\n");
        List<Map<String, Object>> top = list(ok(e, "op", "symbols", "uri", "u:Jenkinsfile"), "symbols");
        assertEquals(List.of("pipeline/Module"), names(top));
        List<Map<String, Object>> stages = list(top.get(0), "children");
        assertEquals(List.of("stages/Namespace"), names(stages));
        List<Map<String, Object>> each = list(stages.get(0), "children");
        assertEquals(List.of("Build/Function", "Test/Function"), names(each));
        List<Map<String, Object>> par = list(each.get(1), "children");
        assertEquals(List.of("parallel/Namespace"), names(par));
        assertEquals(List.of("Unit/Function"), names(list(par.get(0), "children")));
    }
}
