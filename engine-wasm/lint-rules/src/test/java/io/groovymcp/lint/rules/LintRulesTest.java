package io.groovymcp.lint.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

class LintRulesTest {
    @Test
    void tableHoldsTheContractsRules() {
        List<String> ids = new ArrayList<>();
        for (RuleInfo r : LintRules.RULES) {
            ids.add(r.id());
        }
        assertEquals(List.of("groovy/unused-private-field", "groovy/unused-private-method",
                "groovy/unused-local-variable", "groovy/duplicate-map-key", "groovy/empty-catch",
                "groovy/assignment-in-condition", "groovy/unrelated-equals", "groovy/unreachable-code",
                "groovy/unread-local-variable", "groovy/unused-parameter", "groovy/constant-condition",
                "groovy/equals-hashcode", "groovy/compareto-without-comparable",
                "jenkins/noncps-calls-step", "jenkins/cps-closure-step", "jenkins/non-serializable-local",
                "jenkins/declarative-section", "jenkins/declarative-empty", "jenkins/declarative-unknown-name",
                "jenkins/declarative-blocked-step", "jenkins/declarative-value", "jenkins/declarative-duplicate",
                "jenkins/moved-class"), ids);
    }

    @Test
    void everyRowIsComplete() {
        Set<String> severities = Set.of(RuleInfo.ERROR, RuleInfo.WARNING, RuleInfo.INFORMATION);
        Set<String> seen = new HashSet<>();
        for (RuleInfo r : LintRules.RULES) {
            assertTrue(seen.add(r.id()), "duplicate id " + r.id());
            assertTrue(severities.contains(r.defaultSeverity()), r.id());
            assertTrue(r.rationale().length() > 20 && r.rationale().endsWith("."), r.id());
            assertEquals(r, LintRules.rule(r.id()));
        }
        assertEquals(null, LintRules.rule("groovy/nope"));
    }

    @Test
    void tableIsReadOnly() {
        assertThrows(UnsupportedOperationException.class, () -> LintRules.RULES.clear());
    }

    @Test
    void unknownKindIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> new LintContext("maven"));
    }

    @Test
    void findingsComeInSourceOrderWithPositions() {
        List<Finding> f = Lint.run(Lint.lines(
                "def m = [a: 1, a: 2]",
                "try { println m } catch (Exception e) { }"));
        assertEquals(2, f.size(), f.toString());
        assertEquals("groovy/duplicate-map-key", f.get(0).ruleId());
        assertEquals(1, f.get(0).line());
        assertEquals(16, f.get(0).column());
        assertEquals(1, f.get(0).lastLine());
        assertEquals(17, f.get(0).lastColumn());
        assertEquals("groovy/empty-catch", f.get(1).ruleId());
        assertEquals(2, f.get(1).line());
        assertNotNull(f.get(1).message());
    }

    @Test
    void jenkinsRulesRunOnlyOnJenkinsFiles() {
        String src = Lint.lines(
                "@NonCPS",
                "def parse() { sh 'ls' }",
                "parse()");
        assertEquals(List.of("2:15"), Lint.of("jenkins/noncps-calls-step", src, LintContext.JENKINS));
        assertEquals(List.of(), Lint.of("jenkins/noncps-calls-step", src, LintContext.SCRIPT));
        assertEquals(List.of(), Lint.of("jenkins/noncps-calls-step", src, LintContext.GRADLE));
    }
}
