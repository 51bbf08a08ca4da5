package io.groovymcp.lint.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.groovymcp.lint.rules.declarative.DeclarativeValidator;
import io.groovymcp.lint.rules.declarative.SiteCatalogue;

/** The Declarative validator on the stock compiler's tree: what only a unit test can pin down cheaply. */
class DeclarativeValidatorTest {
    private static List<String> check(String source, SiteCatalogue site) {
        List<String> out = new ArrayList<>();
        for (Finding f : DeclarativeValidator.findings(Compiled.of(source).unit(), site)) {
            out.add(f.line() + ":" + f.ruleId().substring("jenkins/declarative-".length()));
        }
        return out;
    }

    private static String stages(int n) {
        StringBuilder sb = new StringBuilder("pipeline {\n  agent any\n  stages {\n");
        for (int i = 0; i < n; i++) {
            sb.append("    stage('s").append(i).append("') { }\n");
        }
        return sb.append("  }\n}\n").toString();
    }

    @Test
    void stopsAfterTenErrorsAsJenkinsDoes() {
        assertEquals(10, check(stages(14), SiteCatalogue.NONE).size());
        assertEquals(3, check(stages(3), SiteCatalogue.NONE).size());
    }

    @Test
    void aScriptWithoutPipelineIsNotRead() {
        assertEquals(List.of(), check("node { stage('x') { sh 'make' } }\n", SiteCatalogue.NONE));
        assertEquals(List.of(), check("def pipeline = [:]\npipeline.x = 1\n", SiteCatalogue.NONE));
    }

    @Test
    void aVarsCallHoldingAPipelineIsRead() {
        assertEquals(List.of("2:section"), check("def call(Map c) {\n  pipeline {\n    agent any\n  }\n}\n",
                SiteCatalogue.NONE));
    }

    @Test
    void installedNamesAreCheckedOnlyAgainstASiteCatalogue() {
        String source = "pipeline {\n  agent { ec2 'small' }\n  options {\n    banana()\n  }\n"
                + "  stages { stage('a') { steps { sh 'x' } } }\n}\n";
        assertEquals(List.of(), check(source, SiteCatalogue.NONE));
        Map<String, List<String>> lists = new LinkedHashMap<>();
        lists.put("options", List.of("timeout", "timestamps"));
        lists.put("agents", List.of("label"));
        assertEquals(List.of("2:unknown-name", "4:unknown-name"), check(source, SiteCatalogue.of(lists)));
        lists.put("agents", List.of("ec2"));
        lists.put("options", List.of("banana"));
        assertEquals(List.of(), check(source, SiteCatalogue.of(lists)));
    }

    @Test
    void aSiteCatalogueAddsWhenConditions() {
        String source = "pipeline {\n  agent any\n  stages { stage('a') {\n    when { onGerritChange() }\n"
                + "    steps { sh 'x' } } }\n}\n";
        assertEquals(List.of("4:unknown-name"), check(source, SiteCatalogue.NONE));
        assertEquals(List.of(), check(source, SiteCatalogue.of(Map.of("when", List.of("onGerritChange")))));
    }

    @Test
    void oddShapesGetFindingsNotExceptions() {
        assertEquals(List.of("1:section", "1:section"), check("pipeline { }\n", SiteCatalogue.NONE));
        assertTrue(check("pipeline {\n  stages(1, 2) { 3 }\n  agent(any, none)\n}\n", SiteCatalogue.NONE)
                .contains("3:section"));
    }
}
