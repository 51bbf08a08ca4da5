package io.groovymcp.engine;

import static io.groovymcp.engine.QueryCases.at;
import static io.groovymcp.engine.QueryCases.list;
import static io.groovymcp.engine.QueryCases.ok;
import static io.groovymcp.engine.QueryCases.open;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A shared library's vars/NAME.groovy as the repository's pipelines name it: lookup candidates and definition. */
class VarsStepsTest {
    private static final String JENKINSFILE = "file:///r/Jenkinsfile";
    private static final String VARS = "file:///r/vars/deployApp.groovy";
    private static final String PIPELINE = "def helper() { 1 }\n"
            + "deployApp(target: 'prod')\n"
            + "deployApp.rollback()\n"
            + "helper()\n"
            + "env.deployApp.x()\n";
    private static final String STEP = "def call(Map args) {\n  echo \"deploying ${args.target}\"\n}\n"
            + "def rollback() { echo 'back' }\n";

    private Engine e;

    @BeforeEach
    void setUp() throws IOException {
        e = EngineCases.newEngine();
    }

    @Test
    void aPipelinesGlobalsAreCandidatesUnderVarsOnly() {
        open(e, JENKINSFILE, PIPELINE);
        List<String> names = new ArrayList<>();
        for (Map<String, Object> n : list(ok(e, "op", "unresolvedCandidates", "uri", JENKINSFILE), "names")) {
            assertEquals(Collections.singletonList("vars"), n.get("roots"), String.valueOf(n));
            names.add((String) n.get("name"));
        }
        // helper is the file's own method; env is a dynamic variable too, looked up as vars/env.groovy
        assertEquals(List.of("deployApp", "env"), names);
    }

    @Test
    void anOrdinaryScriptOffersNone() {
        open(e, "file:///r/build.groovy", PIPELINE);
        assertEquals(0, list(ok(e, "op", "unresolvedCandidates", "uri", "file:///r/build.groovy"), "names").size());
    }

    @Test
    void aCallLeadsToTheGlobalsCallMethodAndAMemberToItsMethod() {
        open(e, JENKINSFILE, PIPELINE);
        open(e, VARS, STEP);
        List<Map<String, Object>> call = list(at(e, "definition", JENKINSFILE, 1, 3), "locations");
        assertEquals(1, call.size(), String.valueOf(call));
        assertEquals(VARS, call.get(0).get("uri"));
        assertEquals(0, line(call.get(0)));
        List<Map<String, Object>> member = list(at(e, "definition", JENKINSFILE, 2, 12), "locations");
        assertEquals(1, member.size(), String.valueOf(member));
        assertEquals(3, line(member.get(0)));
        // some object's property of the same name is not the global
        assertEquals(0, list(at(e, "definition", JENKINSFILE, 4, 7), "locations").size());
    }

    @Test
    void aLookedUpGlobalIsExternalUntilItsFileIsOpen() {
        open(e, JENKINSFILE, PIPELINE);
        Map<String, Object> d = ok(e, "op", "declarations", "uri", VARS, "language", "groovy", "text", STEP);
        ok(e, "op", "projectDeclarations", "files", Collections.singletonList(d));
        Map<String, Object> r = at(e, "definition", JENKINSFILE, 1, 3);
        assertEquals(0, list(r, "locations").size());
        List<Map<String, Object>> ext = list(r, "external");
        assertEquals(1, ext.size(), String.valueOf(r));
        assertEquals("deployApp", ext.get(0).get("fqn"));
        // once found, the name is no candidate any more
        for (Map<String, Object> n : list(ok(e, "op", "unresolvedCandidates", "uri", JENKINSFILE), "names")) {
            assertTrue(!"deployApp".equals(n.get("name")), String.valueOf(n));
        }
    }

    private static int line(Map<String, Object> loc) {
        return ((Number) ((Map<?, ?>) ((Map<?, ?>) loc.get("range")).get("start")).get("line")).intValue();
    }
}
