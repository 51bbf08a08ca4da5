package io.groovymcp.lint.rules;

import static io.groovymcp.lint.rules.Lint.expect;
import static io.groovymcp.lint.rules.Lint.expectIn;
import static io.groovymcp.lint.rules.Lint.lines;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;

import org.junit.jupiter.api.Test;

/** DSL files give no findings for their DSL; files that fail semantic analysis are still linted, conservatively. */
class DslAndBrokenCodeTest {
    @Test
    void aDeclarativePipelineHasNoFindings() {
        String src = lines(
                "pipeline {",
                "    agent { label 'linux' }",
                "    options { timeout(time: 1, unit: 'HOURS') }",
                "    environment { VERSION = \"1.${env.BUILD_NUMBER}\" }",
                "    stages {",
                "        stage('Build') {",
                "            steps {",
                "                sh 'make'",
                "                script {",
                "                    def targets = ['a', 'b']",
                "                    targets.each { t -> sh \"make ${t}\" }",
                "                    def results = targets.collect { it.toUpperCase() }",
                "                    echo results.join(',')",
                "                }",
                "            }",
                "        }",
                "    }",
                "    post { always { junit 'build/*.xml'; cleanWs() } }",
                "}");
        assertEquals(List.of(), Lint.run(src, LintContext.JENKINS));
    }

    @Test
    void aScriptedPipelineWithALibraryHasNoFindings() {
        String src = lines(
                "@Library('shared@main') _",
                "properties([parameters([string(name: 'TARGET', defaultValue: 'prod')])])",
                "node('docker') {",
                "    checkout scm",
                "    def image = docker.build(\"app:${env.BUILD_ID}\")",
                "    stage('Test') {",
                "        try {",
                "            sh './gradlew test'",
                "        } catch (err) {",
                "            currentBuild.result = 'UNSTABLE'",
                "        } finally {",
                "            junit '**/build/test-results/**/*.xml'",
                "        }",
                "    }",
                "    if (params.TARGET == 'prod') { image.push() }",
                "    mySharedStep(name: 'x')",
                "}");
        assertEquals(List.of(), Lint.run(src, LintContext.JENKINS));
    }

    @Test
    void aGradleBuildHasNoFindings() {
        String src = lines(
                "plugins { id 'java' }",
                "def junitVersion = '5.10.0'",
                "repositories { mavenCentral() }",
                "dependencies {",
                "    testImplementation \"org.junit.jupiter:junit-jupiter:$junitVersion\"",
                "}",
                "tasks.named('test') { useJUnitPlatform() }",
                "ext { shared = [a: 1, b: 2] }",
                "task hello { doLast { println 'hello' } }");
        assertEquals(List.of(), Lint.run(src, LintContext.GRADLE));
    }

    @Test
    void aSpockStyleSpecHasNoFindings() {
        String src = lines(
                "class CalcSpec extends spock.lang.Specification {",
                "    def 'adds'() {",
                "        given:",
                "        def calc = new Object()",
                "        when:",
                "        def result = calc.toString()",
                "        then:",
                "        result != null",
                "        where:",
                "        a | b",
                "        1 | 2",
                "    }",
                "}");
        Compiled c = Compiled.of(src);
        assertFalse(c.errors().isEmpty(), "spock is not on the class path");
        assertEquals(List.of(), LintRules.check(c.unit(), new LintContext(LintContext.CLASS), true));
    }

    @Test
    void aFileWithUnresolvedClassesIsStillLinted() {
        String src = lines(
                "import org.example.Missing",
                "class A {",
                "    private Missing dep",
                "    private int unused",
                "    void run() {",
                "        Missing m = new Missing()",
                "        def leftover = 1",
                "        println m",
                "        println dep",
                "    }",
                "}");
        Compiled c = Compiled.of(src);
        assertFalse(c.errors().isEmpty(), "Missing does not resolve");
        expectIn(LintContext.CLASS, "groovy/unused-private-field", src, "4:17");
        // Semantic analysis stopped before variables were bound (the unit stays in CONVERSION): without the
        // compiler's binding the rule does not guess, so 'leftover' goes unreported.
        org.junit.jupiter.api.Assertions.assertEquals(org.codehaus.groovy.control.Phases.CONVERSION, c.unit().getPhase());
        expectIn(LintContext.CLASS, "groovy/unused-local-variable", src);
    }

    @Test
    void aFileThatDoesNotParseGivesNothing() {
        Compiled c = Compiled.of("def x = {\n");
        assertFalse(c.errors().isEmpty());
        // The facade never passes such a unit; if one arrives, the rules must not throw or guess.
        assertEquals(List.of(), LintRules.check(c.unit(), new LintContext(LintContext.SCRIPT), true));
    }

    @Test
    void typeCheckedCodeIsLintedLikeAnyOther() {
        expect("groovy/unused-local-variable", lines(
                "@groovy.transform.CompileStatic",
                "class A {",
                "    private int used = 1",
                "    int m() { int x = this.@used; int y = 2; x }",
                "}"), "4:39");
    }
}
