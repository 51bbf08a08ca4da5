package io.groovymcp.lint.rules;

import static io.groovymcp.lint.rules.Lint.expectIn;
import static io.groovymcp.lint.rules.Lint.lines;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class JenkinsRulesTest {
    private static final String J = LintContext.JENKINS;
    private static final String NONCPS = "jenkins/noncps-calls-step";
    private static final String CLOSURE = "jenkins/cps-closure-step";
    private static final String LOCAL = "jenkins/non-serializable-local";

    /** Without Jenkins on the class path @NonCPS does not resolve; the rules must still see it. */
    @Test
    void anUnresolvedNonCpsAnnotationStillCounts() {
        Compiled c = Compiled.of("@NonCPS\ndef f() { sh 'x' }\n");
        assertTrue(c.errors().toString().contains("NonCPS"), c.errors().toString());
        expectIn(J, NONCPS, "@NonCPS\ndef f() { sh 'x' }\n", "2:11");
    }

    @Test
    void stepsInNonCpsMethodsAreReported() {
        expectIn(J, NONCPS, lines(
                "import com.cloudbees.groovy.cps.NonCPS",
                "@NonCPS",
                "def parse(String text) {",
                "    echo 'parsing'",
                "    text.readLines().each { line -> sh \"echo ${line}\" }",
                "    return text",
                "}",
                "@NonCPS def build2() { node('linux') { checkout scm } }",
                "node { parse(readFile('x')) }"), "4:5", "5:37", "8:24", "8:40");
    }

    @Test
    void cpsMethodsAndNonStepCallsAreNotReported() {
        expectIn(J, NONCPS, lines(
                "@NonCPS",
                "def parse(String text) {",
                "    def json = new groovy.json.JsonSlurperClassic().parseText(text)",
                "    println json          // not a step",
                "    this.sh('x')          // qualified: not the implicit step call",
                "    return json.version",
                "}",
                "def deploy() { sh 'make deploy' }   // CPS method: steps are fine",
                "stage('build') { sh 'make' }"));
        // A file that defines its own 'sh' calls that method, not the step.
        expectIn(J, NONCPS, lines(
                "def sh(String s) { println s }",
                "@NonCPS def f() { sh 'x' }"));
        // Not a Jenkins file: the rule does not run.
        expectIn(LintContext.SCRIPT, NONCPS, "@NonCPS def f() { sh 'x' }\n");
    }

    @Test
    void closuresPassedToMethodsCpsDoesNotTransformAreReported() {
        expectIn(J, CLOSURE, lines(
                "def list = ['b', 'a']",
                "list.sort { a, b -> a <=> b }",
                "def sorted = list.toSorted { it.size() }",
                "readFile('f').eachLine { line -> sh \"echo $line\" }",
                "list.unique { it.toLowerCase() }",
                "list.forEach { echo it }",
                "node { list.sort { it } }"), "2:6", "3:19", "4:15", "5:6", "6:6", "7:13");
    }

    @Test
    void closuresCpsHandlesAreNotReported() {
        expectIn(J, CLOSURE, lines(
                "def list = ['b', 'a']",
                "list.each { sh \"echo $it\" }              // CPS-translated since workflow-cps 2.33",
                "def names = list.collect { it.toUpperCase() }",
                "list.findAll { it }.eachWithIndex { v, i -> echo v }",
                "def total = list.inject(0) { acc, v -> acc + 1 }",
                "list.sort()                                 // no closure",
                "def byName = { a, b -> a <=> b }",
                "list.sort(byName)                           // not a literal: not judged",
                "@NonCPS def sortIt(l) { l.sort { a, b -> a <=> b } }   // @NonCPS: plain Groovy, fine",
                "stage('x') { echo names.toString() + total + byName }"));
        expectIn(J, CLOSURE, lines(
                "def sort(Closure c) { c() }",
                "def self = this",
                "self.sort { echo 'a user method of this file' }"));
    }

    @Test
    void nonSerializableLocalsHeldAcrossStepsAreReported() {
        expectIn(J, LOCAL, lines(
                "import groovy.json.JsonSlurper",
                "def version = readFile('pom.xml')",
                "def m = version =~ /<version>(.+)<\\/version>/",
                "if (m) { echo m[0][1] }",
                "sh 'make'",
                "def config = new JsonSlurper().parseText('{}')",
                "echo config.name",
                "java.util.regex.Matcher typed = version =~ /x/",
                "node { sh 'ls' }",
                "def reader = new File('x').newReader()",
                "def it2 = [1, 2].iterator()",
                "stage('s') { echo 'later' }"), "3:5", "6:5", "8:25", "10:5", "11:5");
    }

    @Test
    void clearingWorksWhenTheCompileStoppedBeforeBinding() {
        // @NonCPS does not resolve without Jenkins: semantic analysis fails and variables stay unbound.
        String src = lines(
                "@NonCPS def helper() { 1 }",
                "def m = 'a' =~ /a/",
                "m = null",
                "sh 'ls'",
                "def n = 'b' =~ /b/",
                "sh 'ls'");
        assertTrue(!Compiled.of(src).errors().isEmpty());
        expectIn(J, LOCAL, src, "5:5");
    }

    @Test
    void safeLocalsAreNotReported() {
        expectIn(J, LOCAL, lines(
                "def text = readFile('pom.xml')",
                "def m = text =~ /<version>(.+)<\\/version>/",
                "def v = m ? m[0][1] : null",
                "m = null                                    // cleared before the step",
                "sh \"echo $v\"",
                "if (text) {",
                "    def inner = text =~ /y/                 // echo does not suspend; the block ends before node",
                "    echo inner.find() ? 'y' : 'n'",
                "}",
                "@NonCPS",
                "def parse(String t) {",
                "    def json = new groovy.json.JsonSlurper().parseText(t)   // @NonCPS: never persisted",
                "    def mm = t =~ /x/",
                "    return json.a",
                "}",
                "def data = new groovy.json.JsonSlurperClassic().parseText('{}')   // a HashMap: serializable",
                "def list = [1, 2]",
                "node { sh 'ls' }"));
    }
}
