package io.groovymcp.lint.rules.groovy;

import java.util.HashSet;
import java.util.Set;

import org.codehaus.groovy.ast.stmt.BlockStatement;
import org.codehaus.groovy.ast.stmt.CatchStatement;
import org.codehaus.groovy.ast.stmt.EmptyStatement;
import org.codehaus.groovy.ast.stmt.Statement;

import io.groovymcp.lint.rules.LintRules;
import io.groovymcp.lint.rules.ast.Ast;
import io.groovymcp.lint.rules.ast.Rule;
import io.groovymcp.lint.rules.ast.Unit;
import io.groovymcp.lint.rules.ast.Walker;

/**
 * {@code groovy/empty-catch}: a catch block with no statements. A comment between its braces, or an exception
 * variable named 'ignore', 'ignored' or 'expected', says the exception is dropped on purpose, and is not reported.
 * The AST has no comments, so the text between the braces is read from the source.
 */
public final class EmptyCatch implements Rule {
    private static final Set<String> INTENTIONAL = new HashSet<>();
    static {
        INTENTIONAL.add("ignore");
        INTENTIONAL.add("ignored");
        INTENTIONAL.add("expected");
    }

    @Override
    public void check(final Unit unit) {
        final Set<String> reported = new HashSet<>();
        new Walker(unit.source()) {
            @Override
            public void visitCatchStatement(CatchStatement s) {
                Statement code = s.getCode();
                // A multi-catch is one CatchStatement per type, each with a copy of the block: report it once.
                if (!reported.contains(s.getLineNumber() + ":" + s.getColumnNumber()) && isEmpty(code) && !INTENTIONAL.contains(s.getVariable().getName()) && Ast.hasPosition(code)
                        && onlyBlanks(unit, code)) {
                    reported.add(s.getLineNumber() + ":" + s.getColumnNumber());
                    unit.report(LintRules.EMPTY_CATCH, "The catch block for "
                            + s.getExceptionType().getNameWithoutPackage()
                            + " is empty: the exception is silently dropped.", s);
                }
                super.visitCatchStatement(s);
            }
        }.walk(unit.module());
    }

    private static boolean isEmpty(Statement code) {
        if (code instanceof EmptyStatement) {
            return true;
        }
        if (!(code instanceof BlockStatement)) {
            return false;
        }
        for (Statement st : ((BlockStatement) code).getStatements()) {
            if (!(st instanceof EmptyStatement)) {
                return false;
            }
        }
        return true;
    }

    /** Whether the block's text between its braces is only whitespace and semicolons (no comment). */
    private static boolean onlyBlanks(Unit unit, Statement block) {
        String text = unit.lines().text(block.getLineNumber(), block.getColumnNumber(), block.getLastLineNumber(),
                block.getLastColumnNumber());
        if (text == null) {
            return false; // cannot see the source: do not guess
        }
        int from = text.indexOf('{');
        int to = text.lastIndexOf('}');
        if (from < 0 || to <= from) {
            return false;
        }
        for (int i = from + 1; i < to; i++) {
            char ch = text.charAt(i);
            if (!Character.isWhitespace(ch) && ch != ';') {
                return false;
            }
        }
        return true;
    }
}
