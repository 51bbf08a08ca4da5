package io.groovymcp.engine;

import org.codehaus.groovy.control.SourceUnit;

import io.groovymcp.engine.lint.Lint;
import io.groovymcp.lint.rules.Finding;
import io.groovymcp.lint.rules.LintContext;
import io.groovymcp.lint.rules.LintRules;

/** The lint op's AST rules: module engine-wasm/lint-rules, the only place the facade names it. */
final class LintRulesBridge {
    private LintRulesBridge() {
    }

    static void check(SourceUnit unit, String kind, Lint.Sink sink) {
        for (Finding f : LintRules.check(unit, new LintContext(kind))) {
            sink.finding(f.ruleId(), f.message(), f.line(), f.column(), f.lastLine(), f.lastColumn());
        }
    }
}
