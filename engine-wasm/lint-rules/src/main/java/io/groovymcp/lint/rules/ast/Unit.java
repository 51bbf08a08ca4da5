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

    /**
     * Reports a declaration at its name rather than over its whole text (a method's range is its body): the name is
     * looked up in the source after the node's start, followed by one of {@code followers}; the whole node is the
     * fallback.
     */
    public void reportAtName(String ruleId, String message, ASTNode node, String name, String followers) {
        if (!Ast.hasPosition(node)) {
            return;
        }
        int[] at = lines.nameIn(node, name, followers);
        if (at == null) {
            findings.add(Finding.at(ruleId, message, node));
        } else {
            findings.add(new Finding(ruleId, message, at[0], at[1], at[0], at[2]));
        }
    }

    public void report(Finding finding) {
        findings.add(finding);
    }

    public List<Finding> findings() {
        return findings;
    }
}
