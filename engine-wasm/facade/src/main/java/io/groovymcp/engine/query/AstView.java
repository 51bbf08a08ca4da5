package io.groovymcp.engine.query;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.codehaus.groovy.ast.ASTNode;
import org.codehaus.groovy.ast.AnnotationNode;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.CodeVisitorSupport;
import org.codehaus.groovy.ast.ConstructorNode;
import org.codehaus.groovy.ast.FieldNode;
import org.codehaus.groovy.ast.ImportNode;
import org.codehaus.groovy.ast.MethodNode;
import org.codehaus.groovy.ast.ModuleNode;
import org.codehaus.groovy.ast.Parameter;
import org.codehaus.groovy.ast.PropertyNode;
import org.codehaus.groovy.ast.expr.ArgumentListExpression;
import org.codehaus.groovy.ast.expr.ArrayExpression;
import org.codehaus.groovy.ast.expr.AttributeExpression;
import org.codehaus.groovy.ast.expr.BinaryExpression;
import org.codehaus.groovy.ast.expr.BitwiseNegationExpression;
import org.codehaus.groovy.ast.expr.BooleanExpression;
import org.codehaus.groovy.ast.expr.CastExpression;
import org.codehaus.groovy.ast.expr.ClassExpression;
import org.codehaus.groovy.ast.expr.ClosureExpression;
import org.codehaus.groovy.ast.expr.ClosureListExpression;
import org.codehaus.groovy.ast.expr.ConstantExpression;
import org.codehaus.groovy.ast.expr.ConstructorCallExpression;
import org.codehaus.groovy.ast.expr.DeclarationExpression;
import org.codehaus.groovy.ast.expr.ElvisOperatorExpression;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.expr.FieldExpression;
import org.codehaus.groovy.ast.expr.GStringExpression;
import org.codehaus.groovy.ast.expr.LambdaExpression;
import org.codehaus.groovy.ast.expr.ListExpression;
import org.codehaus.groovy.ast.expr.MapEntryExpression;
import org.codehaus.groovy.ast.expr.MapExpression;
import org.codehaus.groovy.ast.expr.MethodCallExpression;
import org.codehaus.groovy.ast.expr.MethodPointerExpression;
import org.codehaus.groovy.ast.expr.MethodReferenceExpression;
import org.codehaus.groovy.ast.expr.NotExpression;
import org.codehaus.groovy.ast.expr.PostfixExpression;
import org.codehaus.groovy.ast.expr.PrefixExpression;
import org.codehaus.groovy.ast.expr.PropertyExpression;
import org.codehaus.groovy.ast.expr.RangeExpression;
import org.codehaus.groovy.ast.expr.SpreadExpression;
import org.codehaus.groovy.ast.expr.SpreadMapExpression;
import org.codehaus.groovy.ast.expr.StaticMethodCallExpression;
import org.codehaus.groovy.ast.expr.TernaryExpression;
import org.codehaus.groovy.ast.expr.TupleExpression;
import org.codehaus.groovy.ast.expr.UnaryMinusExpression;
import org.codehaus.groovy.ast.expr.UnaryPlusExpression;
import org.codehaus.groovy.ast.expr.VariableExpression;
import org.codehaus.groovy.ast.stmt.AssertStatement;
import org.codehaus.groovy.ast.stmt.BlockStatement;
import org.codehaus.groovy.ast.stmt.BreakStatement;
import org.codehaus.groovy.ast.stmt.CaseStatement;
import org.codehaus.groovy.ast.stmt.CatchStatement;
import org.codehaus.groovy.ast.stmt.ContinueStatement;
import org.codehaus.groovy.ast.stmt.DoWhileStatement;
import org.codehaus.groovy.ast.stmt.EmptyStatement;
import org.codehaus.groovy.ast.stmt.ExpressionStatement;
import org.codehaus.groovy.ast.stmt.ForStatement;
import org.codehaus.groovy.ast.stmt.IfStatement;
import org.codehaus.groovy.ast.stmt.ReturnStatement;
import org.codehaus.groovy.ast.stmt.Statement;
import org.codehaus.groovy.ast.stmt.SwitchStatement;
import org.codehaus.groovy.ast.stmt.SynchronizedStatement;
import org.codehaus.groovy.ast.stmt.ThrowStatement;
import org.codehaus.groovy.ast.stmt.TryCatchStatement;
import org.codehaus.groovy.ast.stmt.WhileStatement;
import org.codehaus.groovy.classgen.BytecodeExpression;
import org.codehaus.groovy.control.SourceUnit;
import org.codehaus.groovy.transform.stc.StaticTypesMarker;

import io.groovymcp.engine.compile.Compilation;
import io.groovymcp.engine.json.Json;
import io.groovymcp.engine.op.Request;
import io.groovymcp.engine.text.SourceText;

/**
 * The {@code ast} op (the playground's compiler view): one buffer's AST as the compile left it, after the last phase
 * it reached and, in {@code @TypeChecked}/{@code @CompileStatic} code, with the type checker's inferred types. Nodes
 * the compiler made without a source position (transform output, implicit returns' wrappers) carry their parent's
 * range and {@code generated: true}. The walk is depth-first and stops emitting at {@link #MAX_NODES}; the rest are
 * only counted, so a huge file still answers with a bounded result.
 */
final class AstView {
    static final int MAX_NODES = 20_000;
    private static final int MAX_LABEL = 80;

    private final SourceText st;
    private int emitted;
    private int omitted;

    /** The open node of the walk, the one children are added to. */
    private Frame top;

    private static final class Frame {
        final List<Object> children = new ArrayList<>();
        final Map<String, Object> range;
        final boolean generated;
        final Frame parent;
        /** The AST node this frame shows (the stock visitor hands some nodes on to a second visit method). */
        final ASTNode node;

        Frame(Frame parent, ASTNode node, Map<String, Object> range, boolean generated) {
            this.parent = parent;
            this.node = node;
            this.range = range;
            this.generated = generated;
        }
    }

    private AstView(SourceText st) {
        this.st = st;
    }

    static Map<String, Object> run(Workspace ws, Request r) {
        String uri = r.string("uri");
        SourceText st = ws.text(uri);
        Compilation c = ws.compileFor(uri);
        AstView v = new AstView(st);
        v.top = new Frame(null, null, SourceText.range(new int[] {0, 0}, new int[] {0, 0}), true);
        SourceUnit su = c.unit(uri);
        ModuleNode mn = su == null ? null : su.getAST();
        if (mn != null) {
            v.module(mn);
        }
        String phase = c.phase(uri);
        return Json.obj("uri", uri, "phase", phase == null ? "parsing" : phase, "nodes", v.top.children,
                "truncated", v.omitted > 0, "omitted", v.omitted);
    }

    // ---- the tree being built ----

    /** Opens a node; returns false (and only counts it) once the budget is spent. */
    private boolean open(ASTNode node, String kind, String label, ClassNode type) {
        if (emitted >= MAX_NODES) {
            omitted++;
            top = new Frame(top, node, top.range, top.generated);
            return false;
        }
        emitted++;
        Map<String, Object> range;
        boolean generated;
        if (node != null && node.getLineNumber() > 0 && node.getColumnNumber() > 0) {
            int[] s = st.fromCompiler(node.getLineNumber(), node.getColumnNumber());
            int[] e = node.getLastLineNumber() > 0 && node.getLastColumnNumber() > 0
                    ? st.fromCompiler(node.getLastLineNumber(), node.getLastColumnNumber()) : s;
            range = SourceText.range(s, e);
            generated = false;
        } else {
            range = top.range;
            generated = true;
        }
        Frame f = new Frame(top, node, range, generated);
        Map<String, Object> json = Json.obj("kind", kind, "label", clip(label));
        if (type != null) {
            json.put("type", typeName(type));
        }
        json.put("range", range);
        if (generated) {
            json.put("generated", Boolean.TRUE);
        }
        json.put("children", f.children);
        top.children.add(json);
        top = f;
        return true;
    }

    private void close() {
        top = top.parent;
    }

    private void leaf(ASTNode node, String kind, String label, ClassNode type) {
        open(node, kind, label, type);
        close();
    }

    /**
     * Members that @TimedInterrupt and @ConditionalInterrupt generate are named after AnnotationNode.hashCode(), an
     * identity hash that differs from run to run and between the runtimes; the view shows {@code <hash>} instead.
     */
    private static final java.util.regex.Pattern IDENTITY_HASH_NAME =
            java.util.regex.Pattern.compile("(timedInterrupt|conditionalTransform)-?[0-9]+\\$");

    private static String clip(String s) {
        if (s == null) {
            return "";
        }
        String one = IDENTITY_HASH_NAME.matcher(s).replaceAll("$1<hash>\\$").replace('\n', ' ').replace('\r', ' ');
        if (one.length() <= MAX_LABEL) {
            return one;
        }
        int cut = MAX_LABEL - 1;
        if (Character.isHighSurrogate(one.charAt(cut - 1))) {
            cut--;
        }
        return one.substring(0, cut) + "\u2026";
    }

    /** Fully qualified, with generics, as the compiler knows the type. */
    static String typeName(ClassNode t) {
        if (t.isArray()) {
            return typeName(t.getComponentType()) + "[]";
        }
        if (t.isGenericsPlaceHolder()) {
            return t.getUnresolvedName();
        }
        StringBuilder sb = new StringBuilder(t.getName());
        Identity.appendTypeArguments(sb, t.getGenericsTypes(), AstView::typeName);
        return sb.toString();
    }

    // ---- declarations ----

    private void module(ModuleNode mn) {
        if (mn.getPackage() != null) {
            leaf(mn.getPackage(), "PackageNode", mn.getPackageName() == null ? "" : trimDot(mn.getPackageName()),
                    null);
        }
        List<ImportNode> imports = new ArrayList<>();
        imports.addAll(mn.getImports());
        imports.addAll(mn.getStarImports());
        imports.addAll(mn.getStaticImports().values());
        imports.addAll(mn.getStaticStarImports().values());
        imports.sort(Comparator.comparingInt(ImportNode::getLineNumber).thenComparingInt(ImportNode::getColumnNumber));
        for (ImportNode in : imports) {
            leaf(in, "ImportNode", importLabel(in), null);
        }
        for (ClassNode cn : mn.getClasses()) {
            if (cn.getOuterClass() == null) {
                classNode(mn, cn);
            }
        }
    }

    private static String trimDot(String s) {
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    private static String importLabel(ImportNode in) {
        String s = (in.isStatic() ? "static " : "");
        if (in.isStar()) {
            s += in.isStatic() ? in.getClassName() + ".*" : trimDot(in.getPackageName()) + ".*";
        } else if (in.isStatic()) {
            s += in.getClassName() + "." + in.getFieldName();
        } else {
            s += in.getClassName();
        }
        String alias = in.getAlias();
        if (alias != null && !in.isStar() && !alias.equals(in.isStatic() ? in.getFieldName()
                : in.getType().getNameWithoutPackage())) {
            s += " as " + alias;
        }
        return s;
    }

    /** Members in source order, generated ones (no position) after them in the compiler's order. */
    private static final Comparator<ASTNode> SOURCE_ORDER = (a, b) -> {
        boolean ga = a.getLineNumber() <= 0;
        boolean gb = b.getLineNumber() <= 0;
        if (ga || gb) {
            return ga == gb ? 0 : ga ? 1 : -1;
        }
        int d = Integer.compare(a.getLineNumber(), b.getLineNumber());
        return d != 0 ? d : Integer.compare(a.getColumnNumber(), b.getColumnNumber());
    };

    private void classNode(ModuleNode mn, ClassNode cn) {
        // past the budget open() only counts, so the walk below goes on counting what it would have shown
        open(cn, kindOf(cn), cn.getName(), null);
        annotations(cn.getAnnotations());
        List<ASTNode> members = new ArrayList<>();
        for (PropertyNode p : cn.getProperties()) {
            members.add(p);
        }
        for (FieldNode f : cn.getFields()) {
            if (cn.getProperty(f.getName()) == null || cn.getProperty(f.getName()).getField() != f) {
                members.add(f);
            }
        }
        members.addAll(cn.getDeclaredConstructors());
        members.addAll(cn.getMethods());
        for (ClassNode inner : mn.getClasses()) {
            if (inner.getOuterClass() == cn) {
                members.add(inner);
            }
        }
        members.sort(SOURCE_ORDER);
        for (ASTNode m : members) {
            if (m instanceof PropertyNode) {
                PropertyNode p = (PropertyNode) m;
                open(p, "PropertyNode", p.getName(), p.getType());
                annotations(p.getAnnotations());
                expr(p.getInitialExpression());
                close();
            } else if (m instanceof FieldNode) {
                FieldNode f = (FieldNode) m;
                open(f, "FieldNode", f.getName(), f.getType());
                annotations(f.getAnnotations());
                expr(f.getInitialExpression());
                close();
            } else if (m instanceof MethodNode) {
                method((MethodNode) m);
            } else {
                classNode(mn, (ClassNode) m);
            }
        }
        for (Statement s : cn.getObjectInitializerStatements()) {
            stmt(s);
        }
        close();
    }

    private void method(MethodNode m) {
        String kind = m instanceof ConstructorNode ? "ConstructorNode" : "MethodNode";
        open(m, kind, m instanceof ConstructorNode ? "<init>" : m.getName(),
                m instanceof ConstructorNode ? null : m.getReturnType());
        annotations(m.getAnnotations());
        params(m.getParameters());
        stmt(m.getCode());
        close();
    }

    private void params(Parameter[] ps) {
        if (ps == null) {
            return;
        }
        for (Parameter p : ps) {
            open(p, "Parameter", p.getName(), p.getType());
            expr(p.getInitialExpression());
            close();
        }
    }

    /**
     * Annotations in source order, ties (an annotation collector's expansion, transform output) by class name: the
     * order the compiler appends expanded annotations in is not the same on every runtime.
     */
    private void annotations(List<AnnotationNode> list) {
        List<AnnotationNode> as = new ArrayList<>(list);
        as.sort((a, b) -> {
            int d = SOURCE_ORDER.compare(a, b);
            return d != 0 ? d : a.getClassNode().getName().compareTo(b.getClassNode().getName());
        });
        for (AnnotationNode a : as) {
            open(a, "AnnotationNode", a.getClassNode().getName(), null);
            for (Map.Entry<String, Expression> e : a.getMembers().entrySet()) {
                expr(e.getValue());
            }
            close();
        }
    }

    private void stmt(Statement s) {
        if (s != null) {
            s.visit(walker);
        }
    }

    private void expr(Expression e) {
        if (e != null) {
            e.visit(walker);
        }
    }

    /** Groovy's AST class name; an anonymous subclass (some transforms make them) shows as the class it extends. */
    private static String kindOf(ASTNode n) {
        for (Class<?> c = n.getClass(); c != null; c = c.getSuperclass()) {
            String name = c.getName();
            String simple = name.substring(Math.max(name.lastIndexOf('.'), name.lastIndexOf('$')) + 1);
            if (!simple.isEmpty() && !Character.isDigit(simple.charAt(0))) {
                return simple;
            }
        }
        return "ASTNode";
    }

    /** The expression's type: what the type checker inferred, else the declared or origin type. */
    private static ClassNode typeOf(Expression e) {
        ClassNode inferred = e.getNodeMetaData(StaticTypesMarker.INFERRED_TYPE);
        if (inferred != null) {
            return inferred;
        }
        if (e instanceof VariableExpression) {
            return ((VariableExpression) e).getOriginType();
        }
        return e.getType() == null ? org.codehaus.groovy.ast.ClassHelper.OBJECT_TYPE : e.getType();
    }

    private String exprLabel(Expression e) {
        if (e instanceof ConstantExpression) {
            Object v = ((ConstantExpression) e).getValue();
            return v instanceof String ? "\"" + v + "\"" : String.valueOf(v);
        }
        if (e instanceof VariableExpression) {
            return ((VariableExpression) e).getName();
        }
        if (e instanceof BinaryExpression) {
            return ((BinaryExpression) e).getOperation().getText();
        }
        if (e instanceof MethodCallExpression) {
            return ((MethodCallExpression) e).getMethodAsString();
        }
        if (e instanceof StaticMethodCallExpression) {
            return ((StaticMethodCallExpression) e).getMethod();
        }
        if (e instanceof ConstructorCallExpression) {
            return "new " + typeName(e.getType());
        }
        if (e instanceof PropertyExpression) {
            return ((PropertyExpression) e).getPropertyAsString();
        }
        if (e instanceof FieldExpression) {
            return ((FieldExpression) e).getFieldName();
        }
        if (e instanceof MethodPointerExpression) {
            Expression name = ((MethodPointerExpression) e).getMethodName();
            return name instanceof ConstantExpression ? String.valueOf(((ConstantExpression) name).getValue()) : "";
        }
        if (e instanceof ClassExpression || e instanceof CastExpression) {
            return typeName(e.getType());
        }
        if (e instanceof PrefixExpression) {
            return ((PrefixExpression) e).getOperation().getText();
        }
        if (e instanceof PostfixExpression) {
            return ((PostfixExpression) e).getOperation().getText();
        }
        if (e instanceof GStringExpression) {
            return ((GStringExpression) e).getText();
        }
        if (e instanceof RangeExpression) {
            RangeExpression r = (RangeExpression) e;
            return (r.isExclusiveLeft() ? "<" : "") + ".." + (r.isExclusiveRight() ? "<" : "");
        }
        if (e instanceof NotExpression) {
            return "!";
        }
        if (e instanceof UnaryMinusExpression) {
            return "-";
        }
        if (e instanceof UnaryPlusExpression) {
            return "+";
        }
        if (e instanceof BitwiseNegationExpression) {
            return "~";
        }
        if (e instanceof TernaryExpression) {
            return e instanceof ElvisOperatorExpression ? "?:" : "? :";
        }
        return "";
    }

    private final Walker walker = new Walker();

    /** Every statement and expression opens its node, lets the stock visitor walk its children, then closes it. */
    private final class Walker extends CodeVisitorSupport {
        /**
         * Opens the expression's node unless it is the one already open: the stock visitor hands a declaration on to
         * visitBinaryExpression, an argument list to visitTupleExpression and so on, and each node shows once.
         */
        private boolean openExpr(Expression e) {
            if (top.node == e) {
                return false;
            }
            open(e, kindOf(e), exprLabel(e), typeOf(e));
            return true;
        }

        private void closeIf(boolean opened) {
            if (opened) {
                close();
            }
        }

        private void openStmt(Statement s, String label) {
            open(s, kindOf(s), label, null);
        }

        @Override
        public void visitBlockStatement(BlockStatement s) {
            openStmt(s, "");
            super.visitBlockStatement(s);
            close();
        }

        @Override
        public void visitForLoop(ForStatement s) {
            openStmt(s, "for");
            if (s.getVariable() != null && s.getVariable() != ForStatement.FOR_LOOP_DUMMY) {
                params(new Parameter[] {s.getVariable()});
            }
            super.visitForLoop(s);
            close();
        }

        @Override
        public void visitWhileLoop(WhileStatement s) {
            openStmt(s, "while");
            super.visitWhileLoop(s);
            close();
        }

        @Override
        public void visitDoWhileLoop(DoWhileStatement s) {
            openStmt(s, "do");
            super.visitDoWhileLoop(s);
            close();
        }

        @Override
        public void visitIfElse(IfStatement s) {
            openStmt(s, "if");
            super.visitIfElse(s);
            close();
        }

        @Override
        public void visitExpressionStatement(ExpressionStatement s) {
            openStmt(s, "");
            super.visitExpressionStatement(s);
            close();
        }

        @Override
        public void visitReturnStatement(ReturnStatement s) {
            openStmt(s, "return");
            super.visitReturnStatement(s);
            close();
        }

        @Override
        public void visitAssertStatement(AssertStatement s) {
            openStmt(s, "assert");
            super.visitAssertStatement(s);
            close();
        }

        @Override
        public void visitTryCatchFinally(TryCatchStatement s) {
            openStmt(s, "try");
            super.visitTryCatchFinally(s);
            close();
        }

        @Override
        public void visitSwitch(SwitchStatement s) {
            openStmt(s, "switch");
            super.visitSwitch(s);
            close();
        }

        @Override
        public void visitCaseStatement(CaseStatement s) {
            openStmt(s, "case");
            super.visitCaseStatement(s);
            close();
        }

        @Override
        public void visitBreakStatement(BreakStatement s) {
            openStmt(s, s.getLabel() == null ? "break" : "break " + s.getLabel());
            super.visitBreakStatement(s);
            close();
        }

        @Override
        public void visitContinueStatement(ContinueStatement s) {
            openStmt(s, s.getLabel() == null ? "continue" : "continue " + s.getLabel());
            super.visitContinueStatement(s);
            close();
        }

        @Override
        public void visitThrowStatement(ThrowStatement s) {
            openStmt(s, "throw");
            super.visitThrowStatement(s);
            close();
        }

        @Override
        public void visitSynchronizedStatement(SynchronizedStatement s) {
            openStmt(s, "synchronized");
            super.visitSynchronizedStatement(s);
            close();
        }

        @Override
        public void visitCatchStatement(CatchStatement s) {
            openStmt(s, "catch");
            params(new Parameter[] {s.getVariable()});
            super.visitCatchStatement(s);
            close();
        }

        @Override
        public void visitEmptyStatement(EmptyStatement s) {
            openStmt(s, "");
            close();
        }

        @Override
        public void visitMethodCallExpression(MethodCallExpression e) {
            boolean opened = openExpr(e);
            super.visitMethodCallExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitStaticMethodCallExpression(StaticMethodCallExpression e) {
            boolean opened = openExpr(e);
            super.visitStaticMethodCallExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitConstructorCallExpression(ConstructorCallExpression e) {
            boolean opened = openExpr(e);
            super.visitConstructorCallExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitTernaryExpression(TernaryExpression e) {
            boolean opened = openExpr(e);
            super.visitTernaryExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitShortTernaryExpression(ElvisOperatorExpression e) {
            boolean opened = openExpr(e);
            super.visitShortTernaryExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitBinaryExpression(BinaryExpression e) {
            boolean opened = openExpr(e);
            super.visitBinaryExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitPrefixExpression(PrefixExpression e) {
            boolean opened = openExpr(e);
            super.visitPrefixExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitPostfixExpression(PostfixExpression e) {
            boolean opened = openExpr(e);
            super.visitPostfixExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitBooleanExpression(BooleanExpression e) {
            boolean opened = openExpr(e);
            super.visitBooleanExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitClosureExpression(ClosureExpression e) {
            boolean opened = openExpr(e);
            params(e.getParameters());
            super.visitClosureExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitLambdaExpression(LambdaExpression e) {
            boolean opened = openExpr(e);
            params(e.getParameters());
            super.visitClosureExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitTupleExpression(TupleExpression e) {
            boolean opened = openExpr(e);
            super.visitTupleExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitMapExpression(MapExpression e) {
            boolean opened = openExpr(e);
            super.visitMapExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitMapEntryExpression(MapEntryExpression e) {
            boolean opened = openExpr(e);
            super.visitMapEntryExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitListExpression(ListExpression e) {
            boolean opened = openExpr(e);
            super.visitListExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitRangeExpression(RangeExpression e) {
            boolean opened = openExpr(e);
            super.visitRangeExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitPropertyExpression(PropertyExpression e) {
            boolean opened = openExpr(e);
            super.visitPropertyExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitAttributeExpression(AttributeExpression e) {
            boolean opened = openExpr(e);
            super.visitAttributeExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitFieldExpression(FieldExpression e) {
            boolean opened = openExpr(e);
            super.visitFieldExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitMethodPointerExpression(MethodPointerExpression e) {
            boolean opened = openExpr(e);
            super.visitMethodPointerExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitMethodReferenceExpression(MethodReferenceExpression e) {
            boolean opened = openExpr(e);
            super.visitMethodReferenceExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitConstantExpression(ConstantExpression e) {
            boolean opened = openExpr(e);
            closeIf(opened);
        }

        @Override
        public void visitClassExpression(ClassExpression e) {
            boolean opened = openExpr(e);
            closeIf(opened);
        }

        @Override
        public void visitVariableExpression(VariableExpression e) {
            boolean opened = openExpr(e);
            closeIf(opened);
        }

        @Override
        public void visitDeclarationExpression(DeclarationExpression e) {
            boolean opened = openExpr(e);
            super.visitDeclarationExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitGStringExpression(GStringExpression e) {
            boolean opened = openExpr(e);
            super.visitGStringExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitArrayExpression(ArrayExpression e) {
            boolean opened = openExpr(e);
            super.visitArrayExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitSpreadExpression(SpreadExpression e) {
            boolean opened = openExpr(e);
            super.visitSpreadExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitSpreadMapExpression(SpreadMapExpression e) {
            boolean opened = openExpr(e);
            super.visitSpreadMapExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitNotExpression(NotExpression e) {
            boolean opened = openExpr(e);
            super.visitNotExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitUnaryMinusExpression(UnaryMinusExpression e) {
            boolean opened = openExpr(e);
            super.visitUnaryMinusExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitUnaryPlusExpression(UnaryPlusExpression e) {
            boolean opened = openExpr(e);
            super.visitUnaryPlusExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitBitwiseNegationExpression(BitwiseNegationExpression e) {
            boolean opened = openExpr(e);
            super.visitBitwiseNegationExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitCastExpression(CastExpression e) {
            boolean opened = openExpr(e);
            super.visitCastExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitArgumentlistExpression(ArgumentListExpression e) {
            boolean opened = openExpr(e);
            super.visitArgumentlistExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitClosureListExpression(ClosureListExpression e) {
            boolean opened = openExpr(e);
            super.visitClosureListExpression(e);
            closeIf(opened);
        }

        @Override
        public void visitBytecodeExpression(BytecodeExpression e) {
            boolean opened = openExpr(e);
            closeIf(opened);
        }
    }
}
