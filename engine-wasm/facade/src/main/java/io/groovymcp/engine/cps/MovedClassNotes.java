package io.groovymcp.engine.cps;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.codehaus.groovy.ast.ASTNode;
import org.codehaus.groovy.ast.ClassCodeVisitorSupport;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.FieldNode;
import org.codehaus.groovy.ast.GenericsType;
import org.codehaus.groovy.ast.MethodNode;
import org.codehaus.groovy.ast.ModuleNode;
import org.codehaus.groovy.ast.Parameter;
import org.codehaus.groovy.ast.expr.ArrayExpression;
import org.codehaus.groovy.ast.expr.CastExpression;
import org.codehaus.groovy.ast.expr.ClassExpression;
import org.codehaus.groovy.ast.expr.ClosureExpression;
import org.codehaus.groovy.ast.expr.ConstructorCallExpression;
import org.codehaus.groovy.ast.expr.DeclarationExpression;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.expr.TupleExpression;
import org.codehaus.groovy.ast.expr.VariableExpression;
import org.codehaus.groovy.ast.stmt.CatchStatement;
import org.codehaus.groovy.ast.stmt.ForStatement;
import org.codehaus.groovy.control.SourceUnit;

/**
 * The information notes of a pipeline file's uses of a moved class ({@link PipelineShell#MOVED}): each use that
 * resolved through the shell's automatic import, never through an import the file writes or a qualified name. Not
 * an error: the pipeline compiles on Jenkins, whose Groovy still has the class in a default-imported package; the
 * note says where the class lives now, which matters once the code runs anywhere else (a test, a newer Groovy).
 */
public final class MovedClassNotes {
    public static final String RULE = "jenkins/moved-class";

    /** One use: the rule's 1-based positions, last column exclusive, as the compiler has them. */
    public static final class Note {
        public final String message;
        public final int line;
        public final int column;
        public final int lastLine;
        public final int lastColumn;

        Note(String message, ASTNode at) {
            this.message = message;
            this.line = at.getLineNumber();
            this.column = at.getColumnNumber();
            this.lastLine = at.getLastLineNumber();
            this.lastColumn = at.getLastColumnNumber();
        }
    }

    private MovedClassNotes() {
    }

    /** The notes of {@code unit} in source order; none for a file the shell did not treat as a pipeline. */
    public static List<Note> of(SourceUnit unit) {
        ModuleNode module = unit == null ? null : unit.getAST();
        if (module == null || module.getNodeMetaData(PipelineShell.class) == null) {
            return Collections.emptyList();
        }
        Uses uses = new Uses(unit, module);
        for (ClassNode cn : module.getClasses()) {
            uses.visitClass(cn);
        }
        uses.notes.sort((a, b) -> a.line != b.line ? Integer.compare(a.line, b.line)
                : Integer.compare(a.column, b.column));
        return uses.notes;
    }

    static String message(String simpleName, String qualified) {
        return simpleName + " is " + qualified + " in current Groovy; it resolves here because Jenkins's own Groovy "
                + "(2.4) imports it by default. Outside Jenkins it needs import " + qualified + ".";
    }

    private static final class Uses extends ClassCodeVisitorSupport {
        private final SourceUnit unit;
        private final ModuleNode module;
        final List<Note> notes = new ArrayList<>();
        private final Set<Long> seen = new HashSet<>();

        Uses(SourceUnit unit, ModuleNode module) {
            this.unit = unit;
            this.module = module;
        }

        @Override
        protected SourceUnit getSourceUnit() {
            return unit;
        }

        /** {@code t} as a use, placed at {@code t} when the parser gave it a position, else at {@code fallback}. */
        private void type(ClassNode t, ASTNode fallback) {
            if (t == null) {
                return;
            }
            if (t.isArray()) {
                type(t.getComponentType(), fallback);
                return;
            }
            GenericsType[] args = t.getGenericsTypes();
            if (args != null) {
                for (GenericsType g : args) {
                    if (g != null && !g.isPlaceholder() && !g.isWildcard()) {
                        type(g.getType(), fallback);
                    }
                }
            }
            String written = t.getUnresolvedName();
            String moved = PipelineShell.MOVED.get(written);
            if (moved == null || !moved.equals(t.getName())
                    || !PipelineShell.addedForMovedClass(module.getImport(written))) {
                return;
            }
            ASTNode at = t.getLineNumber() > 0 ? t : fallback;
            if (at == null || at.getLineNumber() <= 0) {
                return;
            }
            if (seen.add(((long) at.getLineNumber() << 32) | at.getColumnNumber())) {
                notes.add(new Note(message(written, moved), at));
            }
        }

        @Override
        public void visitClass(ClassNode node) {
            if (!node.isScript()) {
                type(node.getUnresolvedSuperClass(false), node);
                for (ClassNode i : node.getInterfaces()) {
                    type(i, node);
                }
            }
            super.visitClass(node);
        }

        /** A property's type is its field's, at the same place: the field alone reports it. */
        @Override
        public void visitField(FieldNode node) {
            type(node.getOriginType(), node);
            super.visitField(node);
        }

        @Override
        protected void visitConstructorOrMethod(MethodNode node, boolean isConstructor) {
            if (!isConstructor && !node.isScriptBody()) {
                type(node.getReturnType(), node);
            }
            parameters(node.getParameters(), node);
            super.visitConstructorOrMethod(node, isConstructor);
        }

        private void parameters(Parameter[] ps, ASTNode fallback) {
            if (ps == null) {
                return;
            }
            for (Parameter p : ps) {
                type(p.getOriginType(), p.getLineNumber() > 0 ? p : fallback);
            }
        }

        @Override
        public void visitClosureExpression(ClosureExpression e) {
            parameters(e.getParameters(), e);
            super.visitClosureExpression(e);
        }

        @Override
        public void visitConstructorCallExpression(ConstructorCallExpression e) {
            type(e.getType(), e);
            super.visitConstructorCallExpression(e);
        }

        @Override
        public void visitClassExpression(ClassExpression e) {
            type(e.getType(), e);
            super.visitClassExpression(e);
        }

        @Override
        public void visitCastExpression(CastExpression e) {
            type(e.getType(), e);
            super.visitCastExpression(e);
        }

        @Override
        public void visitArrayExpression(ArrayExpression e) {
            type(e.getElementType(), e);
            super.visitArrayExpression(e);
        }

        @Override
        public void visitDeclarationExpression(DeclarationExpression e) {
            Expression left = e.getLeftExpression();
            if (left instanceof VariableExpression) {
                type(((VariableExpression) left).getOriginType(), left);
            } else if (left instanceof TupleExpression) {
                for (Expression x : ((TupleExpression) left).getExpressions()) {
                    if (x instanceof VariableExpression) {
                        type(((VariableExpression) x).getOriginType(), x);
                    }
                }
            }
            super.visitDeclarationExpression(e);
        }

        @Override
        public void visitCatchStatement(CatchStatement s) {
            type(s.getVariable().getOriginType(), s.getVariable());
            super.visitCatchStatement(s);
        }

        @Override
        public void visitForLoop(ForStatement s) {
            if (s.getVariable() != null && s.getVariable() != ForStatement.FOR_LOOP_DUMMY) {
                type(s.getVariable().getOriginType(), s.getVariable());
            }
            super.visitForLoop(s);
        }
    }
}
