package io.groovymcp.lint.rules.groovy;

import java.util.List;

import org.codehaus.groovy.ast.stmt.BlockStatement;
import org.codehaus.groovy.ast.stmt.BreakStatement;
import org.codehaus.groovy.ast.stmt.ContinueStatement;
import org.codehaus.groovy.ast.stmt.EmptyStatement;
import org.codehaus.groovy.ast.stmt.ReturnStatement;
import org.codehaus.groovy.ast.stmt.Statement;
import org.codehaus.groovy.ast.stmt.ThrowStatement;

import io.groovymcp.lint.rules.LintRules;
import io.groovymcp.lint.rules.ast.Ast;
import io.groovymcp.lint.rules.ast.Rule;
import io.groovymcp.lint.rules.ast.Unit;
import io.groovymcp.lint.rules.ast.Walker;
import io.groovymcp.lint.rules.spock.Spock;

/**
 * {@code groovy/unreachable-code}: the first statement that follows a return, throw, break or continue in the same
 * block (one finding per block). Only direct successors are reported; code after an {@code if} whose branches all
 * return is not analysed. Statements without a source position (added by transforms) are ignored on both sides.
 * In a Spock feature method a block label other than {@code and:} ends a jump's reach: Spock's transform runs
 * every block, so {@code when: throw new X()} followed by {@code then: thrown(X)} is reachable, while a statement
 * after the throw in the same {@code when:} block (also one continued by {@code and:}) is not.
 */
public final class UnreachableCode implements Rule {
    @Override
    public void check(final Unit unit) {
        new Walker(unit.source()) {
            @Override
            public void visitBlockStatement(BlockStatement block) {
                List<Statement> list = block.getStatements();
                Statement jump = null;
                boolean feature = isFeatureBody(block);
                for (Statement st : list) {
                    if (jump != null && feature && Spock.startsBlock(st)) {
                        jump = null; // Spock runs each block: then: thrown() catches what when: threw
                    }
                    if (jump != null) {
                        if (!(st instanceof EmptyStatement) && Ast.hasPosition(st)
                                && st.getLineNumber() >= jump.getLastLineNumber()) {
                            unit.report(LintRules.UNREACHABLE_CODE, "This statement is unreachable: it follows "
                                    + kind(jump) + " at line " + jump.getLineNumber() + ".", st);
                            break;
                        }
                        continue;
                    }
                    if (isJump(st) && Ast.hasPosition(st)) {
                        jump = st;
                    }
                }
                super.visitBlockStatement(block);
            }
        }.walk(unit.module());
    }

    private static boolean isJump(Statement st) {
        return st instanceof ReturnStatement || st instanceof ThrowStatement || st instanceof BreakStatement
                || st instanceof ContinueStatement;
    }

    private static String kind(Statement st) {
        if (st instanceof ReturnStatement) {
            return "'return'";
        }
        if (st instanceof ThrowStatement) {
            return "'throw'";
        }
        return st instanceof BreakStatement ? "'break'" : "'continue'";
    }
}
