package io.groovymcp.lint.rules.ast;

import java.util.ArrayList;
import java.util.List;

import org.codehaus.groovy.ast.ASTNode;
import org.codehaus.groovy.ast.ModuleNode;
import org.codehaus.groovy.control.SourceUnit;

import io.groovymcp.lint.rules.Finding;
import io.groovymcp.lint.rules.LintContext;

/** The file one {@link io.groovymcp.lint.rules.LintRules#check} call looks at, and where its findings go. */
public final class Unit {
    private final SourceUnit source;
    private final LintContext context;
    private final List<Finding> findings = new ArrayList<>();
    private final SourceLines lines;

    public Unit(SourceUnit source, LintContext context) {
        this.source = source;
        this.context = context;
        this.lines = new SourceLines(source);
    }

    public SourceUnit source() {
        return source;
    }

    public ModuleNode module() {
        return source.getAST();
    }

    public LintContext context() {
        return context;
    }

    public SourceLines lines() {
        return lines;
    }

    /** Reports {@code node} unless it has no source position (then the compiler or a transform made it up). */
    public void report(String ruleId, String message, ASTNode node) {
        if (Ast.hasPosition(node)) {
            findings.add(Finding.at(ruleId, message, node));
        }
    }

    public void report(Finding finding) {
        findings.add(finding);
    }

    public List<Finding> findings() {
        return findings;
    }
}
