package io.groovymcp.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import org.codehaus.groovy.control.SourceUnit;

import io.groovymcp.engine.cps.MovedClassNotes;
import io.groovymcp.engine.lint.Lint;
import io.groovymcp.engine.query.Diagnostics;
import io.groovymcp.lint.rules.Finding;
import io.groovymcp.lint.rules.LintContext;
import io.groovymcp.lint.rules.LintRules;
import io.groovymcp.lint.rules.declarative.DeclarativeValidator;
import io.groovymcp.lint.rules.declarative.SiteCatalogue;

/** The lint op's AST rules: module engine-wasm/lint-rules, the only place the facade names it. */
final class LintRulesBridge {
    private LintRulesBridge() {
    }

    static void check(SourceUnit unit, String kind, Map<String, List<String>> jenkinsCatalog, Lint.Sink sink) {
        List<Finding> all = new ArrayList<>(LintRules.check(unit, new LintContext(kind)));
        if (LintContext.JENKINS.equals(kind)) {
            all.addAll(DeclarativeValidator.findings(unit, SiteCatalogue.of(jenkinsCatalog)));
            all.addAll(movedClassNotes(unit));
            Collections.sort(all);
        }
        for (Finding f : all) {
            sink.finding(f.ruleId(), f.message(), f.line(), f.column(), f.lastLine(), f.lastColumn());
        }
    }

    /** The diagnostics op's Declarative Pipeline checks: the same validator the lint op runs for kind jenkins. */
    static void declarative(SourceUnit unit, Diagnostics.Finding sink) {
        List<Finding> all = new ArrayList<>(DeclarativeValidator.findings(unit, SiteCatalogue.NONE));
        all.addAll(movedClassNotes(unit));
        Collections.sort(all);
        for (Finding f : all) {
            sink.finding(f.ruleId(), LintRules.rule(f.ruleId()).defaultSeverity(), f.message(), f.line(), f.column(),
                    f.lastLine(), f.lastColumn());
        }
    }

    private static List<Finding> movedClassNotes(SourceUnit unit) {
        List<Finding> out = new ArrayList<>();
        for (MovedClassNotes.Note n : MovedClassNotes.of(unit)) {
            out.add(new Finding(LintRules.MOVED_CLASS, n.message, n.line, n.column, n.lastLine, n.lastColumn));
        }
        return out;
    }
}
