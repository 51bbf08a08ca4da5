package io.groovymcp.engine;

import static io.groovymcp.engine.QueryCases.list;
import static io.groovymcp.engine.QueryCases.num;
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

    private List<String> findings(String uri, Map<String, String> kinds) {
        Map<String, Object> r = ok(e, "op", "lint", "uris", java.util.Collections.singletonList(uri), "kinds", kinds);
        List<String> out = new ArrayList<>();
        Map<String, Object> file = list(r, "files").get(0);
        for (Map<String, Object> d : list(file, "diagnostics")) {
            out.add(d.get("severity") + " " + d.get("message"));
        }
        for (Map<String, Object> f : list(file, "findings")) {
            if (!String.valueOf(f.get("rule")).equals("jenkins/moved-class")) {
                continue; // the other rules have tests of their own
            }
            Map<?, ?> start = (Map<?, ?>) ((Map<?, ?>) f.get("range")).get("start");
            out.add(f.get("rule") + " " + start.get("line") + ":" + start.get("character") + " " + f.get("message"));
        }
        return out;
    }

    private static final String MOVED = "def a = new XmlSlurper()\n"
            + "XmlParser b = null\n"
            + "groovy.xml.XmlNodePrinter c = null\n"
            + "def d(CliBuilder x) { GroovyTestCase.class }\n";

    @Test
    void aMovedClassResolvesWithANoteAtEachUse() {
        open(e, "file:///r/Jenkinsfile", MOVED);
        List<String> m = findings("file:///r/Jenkinsfile", java.util.Collections.singletonMap("file:///r/Jenkinsfile",
                "jenkins"));
        assertEquals(4, m.size(), String.valueOf(m));
        assertTrue(m.get(0).startsWith("jenkins/moved-class 0:12 XmlSlurper is groovy.xml.XmlSlurper"), m.get(0));
        assertTrue(m.get(0).contains("Jenkins's own Groovy (2.4) imports it by default"), m.get(0));
        assertTrue(m.get(1).startsWith("jenkins/moved-class 1:0 XmlParser is groovy.xml.XmlParser"), m.get(1));
        // a qualified name is no use through the shell's import: line 2 gets nothing
        assertTrue(m.get(2).startsWith("jenkins/moved-class 3:6 CliBuilder is groovy.cli.commons.CliBuilder"),
                m.get(2));
        assertTrue(m.get(3).startsWith("jenkins/moved-class 3:22 GroovyTestCase is groovy.test.GroovyTestCase"),
                m.get(3));
    }

    @Test
    void anImportTheFileWritesGetsNoNote() {
        open(e, "file:///r/Jenkinsfile", "import groovy.xml.XmlSlurper\nnew XmlSlurper()\n");
        assertEquals(0, findings("file:///r/Jenkinsfile", java.util.Collections.singletonMap("file:///r/Jenkinsfile",
                "jenkins")).size());
    }

    @Test
    void theServersDiagnosticsShowTheSameNoteAsInformation() {
        open(e, "file:///r/Jenkinsfile", "def a = new XmlSlurper()\n");
        Map<String, Object> r = ok(e, "op", "diagnostics", "uri", "file:///r/Jenkinsfile");
        List<Map<String, Object>> d = list(r, "diagnostics");
        assertEquals(1, d.size(), String.valueOf(d));
        assertEquals("information", d.get(0).get("severity"));
        assertEquals("jenkins/moved-class", d.get(0).get("code"));
        assertEquals(0, ((Number) r.get("errorCount")).intValue());
    }

    @Test
    void everyMovedClassIsInTheClassModel() {
        StringBuilder src = new StringBuilder();
        for (String simple : io.groovymcp.engine.cps.PipelineShell.MOVED.keySet()) {
            src.append(simple).append(".class\n");
        }
        open(e, "file:///r/Jenkinsfile", src.toString());
        List<String> m = findings("file:///r/Jenkinsfile", java.util.Collections.singletonMap("file:///r/Jenkinsfile",
                "jenkins"));
        assertEquals(io.groovymcp.engine.cps.PipelineShell.MOVED.size(), m.size(), String.valueOf(m));
        for (String s : m) {
            assertTrue(s.startsWith("jenkins/moved-class "), s);
        }
    }

    @Test
    void xmlUtilWasNoDefaultImportInJenkinsGroovy() {
        open(e, "file:///r/Jenkinsfile", "def x = new XmlUtil()\n");
        assertEquals(java.util.Collections.singletonList("error unable to resolve class XmlUtil"),
                messages("file:///r/Jenkinsfile"));
    }

    @Test
    void aFileTheHostCallsJenkinsGetsTheShellsView() {
        String uri = "file:///r/pipelines/build.groovy";
        open(e, uri, "@NonCPS\ndef call() { new XmlSlurper() }\n");
        List<String> asJenkins = findings(uri, java.util.Collections.singletonMap(uri, "jenkins"));
        assertEquals(1, asJenkins.size(), String.valueOf(asJenkins));
        assertTrue(asJenkins.get(0).startsWith("jenkins/moved-class 1:17"), asJenkins.get(0));
        // the mark follows the kind: the same buffer as a plain script gets Groovy's view back
        List<String> asScript = findings(uri, java.util.Collections.singletonMap(uri, "script"));
        assertEquals(2, asScript.size(), String.valueOf(asScript));
        assertTrue(asScript.get(0).contains("unable to resolve class NonCPS"), String.valueOf(asScript));
    }

    @Test
    void theServersKindArgumentMarksTheBufferToo() {
        String uri = "file:///r/pipelines/build.groovy";
        open(e, uri, "@NonCPS\ndef call() { echo 'x' }\n");
        assertEquals(1, num(ok(e, "op", "diagnostics", "uri", uri), "errorCount"));
        assertEquals(0, num(ok(e, "op", "diagnostics", "uri", uri, "kind", "jenkins"), "errorCount"));
    }
}
