package io.groovymcp.engine;

import org.codehaus.groovy.control.SourceUnit;

import io.groovymcp.engine.lint.Lint;

/** The lint op's AST rules. Until the engine-wasm/lint-rules module is merged the rule set is empty. */
final class LintRulesBridge {
    private LintRulesBridge() {
    }

    static void check(SourceUnit unit, String kind, Lint.Sink sink) {
    }
}
