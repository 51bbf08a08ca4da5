package io.groovymcp.lint.rules.ast;

/** One AST rule (it may report more than one rule id). Implementations are stateless; the file is in {@link Unit}. */
public interface Rule {
    void check(Unit unit);
}
