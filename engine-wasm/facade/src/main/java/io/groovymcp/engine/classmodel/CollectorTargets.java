package io.groovymcp.engine.classmodel;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import groovy.transform.AnnotationCollector;
import groovy.transform.DefaultsMode;
import org.codehaus.groovy.ast.AnnotationNode;
import org.codehaus.groovy.ast.ClassHelper;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.expr.AnnotationConstantExpression;
import org.codehaus.groovy.ast.expr.ClassExpression;
import org.codehaus.groovy.ast.expr.ConstantExpression;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.expr.ListExpression;
import org.codehaus.groovy.ast.expr.PropertyExpression;

import io.groovymcp.engine.json.Json;

/**
 * The expansion of each precompiled annotation collector, read from the class model (generated at build time from
 * the collectors' helper classes). Groovy's AnnotationCollectorTransform caches a collector's targets in node
 * metadata; the resolver fills that cache when it decodes a collector type, so the stored-list path never needs to
 * run the helper class. The JVM oracle does the same, which keeps both runtimes on one code path.
 */
final class CollectorTargets {
    static final String ENTRY = "META-INF/groovymcp/collectors.json";

    private final Map<String, Object> data;

    @SuppressWarnings("unchecked")
    CollectorTargets(ClassModel model) {
        byte[] bytes = model.resource(ENTRY);
        data = bytes == null ? new HashMap<>()
                : (Map<String, Object>) Json.parse(new String(bytes, StandardCharsets.UTF_8));
    }

    void attach(ClassNode node, ModelClassNodeResolver resolver, boolean fromJar) {
        Object rows = data.get(node.getName());
        if (rows instanceof List) {
            node.setNodeMetaData(AnnotationCollector.class, annotations((List<?>) rows, resolver));
        } else if (fromJar && isCollector(node)) {
            // A precompiled collector from a classpath jar keeps its expansion only in the code of its generated
            // helper class, and nothing from a jar ever runs. Without this, Groovy asks for the helper as a JVM
            // class and fails the whole compile with a GroovyBugError (issue 13); with it, the collector expands
            // to nothing, identically on both runtimes. Its own annotations (not collected ones) still apply.
            node.setNodeMetaData(AnnotationCollector.class, new ArrayList<AnnotationNode>());
        }
    }

    private static boolean isCollector(ClassNode node) {
        if (!node.isAnnotationDefinition()) {
            return false;
        }
        for (AnnotationNode a : node.getAnnotations()) {
            if (AnnotationCollector.class.getName().equals(a.getClassNode().getName())) {
                return true;
            }
        }
        return false;
    }

    @SuppressWarnings("unchecked")
    private static List<AnnotationNode> annotations(List<?> rows, ModelClassNodeResolver resolver) {
        List<AnnotationNode> out = new ArrayList<>();
        for (Object r : rows) {
            Map<String, Object> row = (Map<String, Object>) r;
            AnnotationNode an = new AnnotationNode(type((String) row.get("type"), resolver));
            Map<String, Object> members = (Map<String, Object>) row.get("members");
            for (Map.Entry<String, Object> m : members.entrySet()) {
                an.addMember(m.getKey(), expression((Map<String, Object>) m.getValue(), resolver));
            }
            out.add(an);
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Expression expression(Map<String, Object> v, ModelClassNodeResolver resolver) {
        if (v.containsKey("class")) {
            return new ClassExpression(type((String) v.get("class"), resolver));
        }
        if (v.containsKey("annotations")) {
            ListExpression le = new ListExpression();
            for (AnnotationNode an : annotations((List<?>) v.get("annotations"), resolver)) {
                le.addExpression(new AnnotationConstantExpression(an));
            }
            return le;
        }
        if (v.containsKey("list")) {
            ListExpression le = new ListExpression();
            for (Object o : (List<?>) v.get("list")) {
                le.addExpression(expression((Map<String, Object>) o, resolver));
            }
            return le;
        }
        if (v.containsKey("string")) {
            return new ConstantExpression(v.get("string"), true);
        }
        if (v.containsKey("boolean")) {
            return new ConstantExpression(v.get("boolean"), true);
        }
        if (v.containsKey("int")) {
            return new ConstantExpression(((Number) v.get("int")).intValue(), true);
        }
        if (v.containsKey("long")) {
            return new ConstantExpression(((Number) v.get("long")).longValue(), true);
        }
        if (v.containsKey("double")) {
            return new ConstantExpression(((Number) v.get("double")).doubleValue(), true);
        }
        if (v.containsKey("enum")) {
            String type = (String) v.get("enum");
            String name = (String) v.get("name");
            // Groovy stores the enum object itself; the one enum its collectors use is compiled in.
            if (DefaultsMode.class.getName().equals(type)) {
                return new ConstantExpression(DefaultsMode.valueOf(name), true);
            }
            return new PropertyExpression(new ClassExpression(type(type, resolver)), name);
        }
        throw new IllegalStateException("unknown collector value " + v.keySet());
    }

    private static ClassNode type(String name, ModelClassNodeResolver resolver) {
        ClassNode known = ClassHelper.make(name);
        if (known.isResolved()) {
            return known;
        }
        ClassNode n = resolver.decompile(name);
        return n != null ? n : known;
    }
}
