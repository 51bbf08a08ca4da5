package io.groovymcp.engine;

import static io.groovymcp.engine.QueryCases.list;
import static io.groovymcp.engine.QueryCases.ok;
import static io.groovymcp.engine.QueryCases.open;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The CPS shell's view of a pipeline script: its automatic imports and annotations, for pipeline files only. */
class PipelineShellTest {
    private static final String PIPELINE = "@Library('x@main') _\n"
            + "@Library('y') import org.example.Util\n"
            + "def parse(String s) { new XmlSlurper().parseText(s) }\n"
            + "@NonCPS\ndef names(List l) { l.collect { it.name } }\n"
            + "Run last = currentBuild.rawBuild\n"
            + "echo env.BRANCH_NAME\n";

    private Engine e;

    @BeforeEach
    void setUp() throws IOException {
        e = EngineCases.newEngine();
    }

    private List<String> messages(String uri) {
        Map<String, Object> r = ok(e, "op", "lint", "uris", java.util.Collections.singletonList(uri));
        List<String> out = new ArrayList<>();
        for (Map<String, Object> d : list(list(r, "files").get(0), "diagnostics")) {
            out.add(d.get("severity") + " " + d.get("message"));
        }
        return out;
    }

    @Test
    void aJenkinsfileSeesTheShellsImports() {
        open(e, "file:///r/Jenkinsfile", PIPELINE);
        List<String> m = messages("file:///r/Jenkinsfile");
        // left unresolved: only the library's class, which the host reports as a missing dependency
        assertEquals(1, m.size(), String.valueOf(m));
        assertTrue(m.get(0).contains("unable to resolve class org.example.Util"), String.valueOf(m));
    }

    @Test
    void aSharedLibraryVariableIsAPipelineToo() {
        open(e, "file:///lib/vars/deploy.groovy", "@NonCPS\ndef call() { new XmlParser() }\n");
        assertEquals(0, messages("file:///lib/vars/deploy.groovy").size());
    }

    @Test
    void anOrdinaryScriptDoesNot() {
        open(e, "file:///r/build.groovy", "@NonCPS\ndef call() { new XmlSlurper() }\n");
        List<String> m = messages("file:///r/build.groovy");
        assertEquals(2, m.size(), String.valueOf(m));
        assertTrue(m.get(0).contains("unable to resolve class NonCPS"), String.valueOf(m));
        assertTrue(m.get(1).contains("unable to resolve class XmlSlurper"), String.valueOf(m));
    }

    @Test
    void jenkinssOwnClassesStayUnresolvedForTheHostToCallMissing() {
        open(e, "file:///r/Jenkinsfile", "Run r = currentBuild.rawBuild\n");
        assertEquals(java.util.Collections.singletonList("error unable to resolve class Run"),
                messages("file:///r/Jenkinsfile"));
    }
}
