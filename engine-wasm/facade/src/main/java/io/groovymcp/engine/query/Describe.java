package io.groovymcp.engine.query;

import java.util.List;
import java.util.Map;

import org.codehaus.groovy.ast.ASTNode;
import org.codehaus.groovy.ast.ClassHelper;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.ImportNode;
import org.codehaus.groovy.ast.MethodNode;
import org.codehaus.groovy.ast.ModuleNode;
import org.codehaus.groovy.ast.expr.ConstantExpression;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.expr.VariableExpression;
import org.codehaus.groovy.control.SourceUnit;
import org.codehaus.groovy.transform.stc.StaticTypesMarker;

import io.groovymcp.engine.json.Json;
import io.groovymcp.engine.text.SourceText;

/** Hover: a fenced one-line signature of what the caret names, then its Groovydoc as markdown. */
final class Describe {
    private Describe() {
    }

    static Map<String, Object> run(Ctx ctx) {
        Occ o = ctx.occ();
        if (o == null) {
            String imp = importAt(ctx);
            if (imp != null) {
                return Json.obj("markdown", fence(imp));
            }
            return Json.obj("markdown", "");
        }
        String sig = signature(ctx.index, o);
        String doc = "";
        Occ decl = ctx.index.declarations.get(o.key);
        if (decl != null && decl.node != null) {
            SourceText st = ctx.ws.textOrNull(decl.uri);
            if (st != null) {
                doc = Groovydoc.markdown(Groovydoc.before(st.text(), declStart(st, decl.node)));
            }
        }
        String md = fence(sig) + (doc.isEmpty() ? "" : "\n\n" + doc);
        return Json.obj("markdown", md, "range", Ctx.range(ctx.st, o.start, o.end));
    }

    static String fence(String sig) {
        return "```groovy\n" + sig + "\n```";
    }

    private static int declStart(SourceText st, ASTNode n) {
        return st.compilerOffset(n.getLineNumber(), n.getColumnNumber());
    }

    static String signature(Index ix, Occ o) {
        Object t = o.target;
        if (t instanceof VariableExpression) {
            VariableExpression v = (VariableExpression) t;
            return localType(ix, v) + " " + v.getName();
        }
        if (t != null) {
            String s = Identity.signature(t);
            if (!s.isEmpty()) {
                return s;
            }
        }
        if (o.call && o.receiverHint != null) {
            List<MethodNode> c = Occurrences.candidates(ix, o);
            if (c.size() == 1) {
                return Identity.method(c.get(0));
            }
            return o.name + "(...)";
        }
        if (o.call) {
            return o.name + "(...)";
        }
        if (o.receiverHint != null) {
            Object m = Index.member(o.receiverHint, o.name);
            if (m != null) {
                return Identity.signature(m);
            }
        }
        return o.name;
    }

    /** Declared type, else what the type checker inferred, else what the initializer evidently is, else def. */
    static String localType(Index ix, VariableExpression v) {
        if (!v.isDynamicTyped()) {
            return Identity.simple(v.getOriginType());
        }
        ClassNode inferred = v.getNodeMetaData(StaticTypesMarker.INFERRED_TYPE);
        if (inferred == null) {
            inferred = v.getNodeMetaData(StaticTypesMarker.DECLARATION_INFERRED_TYPE);
        }
        if (inferred == null) {
            Expression init = ix.initializers.get(v);
            inferred = Index.typeOfInitializer(init);
            if (init instanceof ConstantExpression && inferred != null && ClassHelper.isPrimitiveType(inferred)) {
                inferred = ClassHelper.getWrapper(inferred);
            }
        }
        return inferred == null || ClassHelper.isObjectType(inferred) ? "def" : Identity.simple(inferred);
    }

    private static String importAt(Ctx ctx) {
        SourceUnit su = ctx.compilation.unit(ctx.uri);
        ModuleNode m = su == null ? null : su.getAST();
        if (m == null) {
            return null;
        }
        int[] p = ctx.st.position(ctx.offset);
        for (List<ImportNode> group : java.util.Arrays.asList(m.getImports(), m.getStarImports(),
                new java.util.ArrayList<>(m.getStaticImports().values()),
                new java.util.ArrayList<>(m.getStaticStarImports().values()))) {
            for (ImportNode i : group) {
                if (i.getLineNumber() - 1 == p[0]) {
                    return "import " + i.getText().substring("import ".length());
                }
            }
        }
        return null;
    }
}
