package io.groovymcp.engine.query;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.codehaus.groovy.ast.ASTNode;
import org.codehaus.groovy.ast.expr.ArgumentListExpression;
import org.codehaus.groovy.ast.expr.ClosureExpression;
import org.codehaus.groovy.ast.expr.ConstantExpression;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.expr.MethodCallExpression;
import org.codehaus.groovy.ast.stmt.BlockStatement;
import org.codehaus.groovy.ast.stmt.ExpressionStatement;
import org.codehaus.groovy.ast.stmt.Statement;

import io.groovymcp.engine.json.Json;
import io.groovymcp.engine.text.SourceText;

/**
 * The outline of a declarative Jenkins pipeline: {@code pipeline} (Module), its {@code stages}/{@code parallel}/
 * {@code matrix} blocks (Namespace) and every {@code stage('name')} (Function, named by its string), nested as
 * written. Only calls of exactly these names with a closure last are read; nothing is evaluated.
 */
final class Pipeline {
    private Pipeline() {
    }

    static void outline(SourceText st, BlockStatement top, List<Object> out) {
        if (top == null) {
            return;
        }
        for (Statement s : top.getStatements()) {
            MethodCallExpression call = call(s);
            if (call != null && "pipeline".equals(call.getMethodAsString()) && body(call) != null) {
                out.add(node(st, call, "pipeline", "Module", "pipeline", children(st, body(call))));
            }
        }
    }

    private static List<Object> children(SourceText st, ClosureExpression c) {
        List<Object> out = new ArrayList<>();
        if (!(c.getCode() instanceof BlockStatement)) {
            return out;
        }
        for (Statement s : ((BlockStatement) c.getCode()).getStatements()) {
            MethodCallExpression call = call(s);
            if (call == null || body(call) == null) {
                continue;
            }
            String name = call.getMethodAsString();
            if ("stages".equals(name) || "parallel".equals(name) || "matrix".equals(name)) {
                out.add(node(st, call, name, "Namespace", name, children(st, body(call))));
            } else if ("stage".equals(name)) {
                Expression first = args(call).size() > 1 ? args(call).get(0) : null;
                String label = first instanceof ConstantExpression && ((ConstantExpression) first).getValue() != null
                        ? String.valueOf(((ConstantExpression) first).getValue()) : "stage";
                out.add(node(st, call, label, "Function", "stage", children(st, body(call))));
            }
        }
        return out;
    }

    private static Map<String, Object> node(SourceText st, MethodCallExpression call, String name, String kind,
                                            String detail, List<Object> children) {
        Map<String, Object> range = span(st, call);
        Map<String, Object> sel = span(st, call.getMethod());
        Map<String, Object> m = Json.obj("name", name, "kind", kind, "range", range, "selectionRange", sel,
                "detail", detail);
        m.put("children", children);
        return m;
    }

    private static Map<String, Object> span(SourceText st, ASTNode n) {
        int s = st.compilerOffset(n.getLineNumber(), n.getColumnNumber());
        int e = n.getLastLineNumber() > 0 ? st.compilerOffset(n.getLastLineNumber(), n.getLastColumnNumber()) : s;
        return SourceText.range(st.position(s), st.position(Math.max(s, e)));
    }

    private static MethodCallExpression call(Statement s) {
        if (s instanceof ExpressionStatement && ((ExpressionStatement) s).getExpression() instanceof MethodCallExpression) {
            MethodCallExpression m = (MethodCallExpression) ((ExpressionStatement) s).getExpression();
            return m.isImplicitThis() && m.getLineNumber() > 0 ? m : null;
        }
        return null;
    }

    private static List<Expression> args(MethodCallExpression call) {
        return call.getArguments() instanceof ArgumentListExpression
                ? ((ArgumentListExpression) call.getArguments()).getExpressions() : new ArrayList<>();
    }

    private static ClosureExpression body(MethodCallExpression call) {
        List<Expression> a = args(call);
        return !a.isEmpty() && a.get(a.size() - 1) instanceof ClosureExpression
                ? (ClosureExpression) a.get(a.size() - 1) : null;
    }
}
