package io.groovymcp.engine.query;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.codehaus.groovy.ast.ASTNode;
import org.codehaus.groovy.ast.AnnotatedNode;
import org.codehaus.groovy.ast.AnnotationNode;
import org.codehaus.groovy.ast.ClassCodeVisitorSupport;
import org.codehaus.groovy.ast.ClassHelper;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.ConstructorNode;
import org.codehaus.groovy.ast.DynamicVariable;
import org.codehaus.groovy.ast.FieldNode;
import org.codehaus.groovy.ast.GenericsType;
import org.codehaus.groovy.ast.ImportNode;
import org.codehaus.groovy.ast.MethodNode;
import org.codehaus.groovy.ast.ModuleNode;
import org.codehaus.groovy.ast.Parameter;
import org.codehaus.groovy.ast.PropertyNode;
import org.codehaus.groovy.ast.Variable;
import org.codehaus.groovy.ast.expr.ArgumentListExpression;
import org.codehaus.groovy.ast.expr.AttributeExpression;
import org.codehaus.groovy.ast.expr.CastExpression;
import org.codehaus.groovy.ast.expr.ClassExpression;
import org.codehaus.groovy.ast.expr.ClosureExpression;
import org.codehaus.groovy.ast.expr.ConstantExpression;
import org.codehaus.groovy.ast.expr.ConstructorCallExpression;
import org.codehaus.groovy.ast.expr.DeclarationExpression;
import org.codehaus.groovy.ast.expr.Expression;
import org.codehaus.groovy.ast.expr.MapExpression;
import org.codehaus.groovy.ast.expr.MethodCallExpression;
import org.codehaus.groovy.ast.expr.MethodPointerExpression;
import org.codehaus.groovy.ast.expr.PropertyExpression;
import org.codehaus.groovy.ast.expr.StaticMethodCallExpression;
import org.codehaus.groovy.ast.expr.TupleExpression;
import org.codehaus.groovy.ast.expr.VariableExpression;
import org.codehaus.groovy.ast.stmt.CatchStatement;
import org.codehaus.groovy.ast.stmt.ForStatement;
import org.codehaus.groovy.control.SourceUnit;
import org.codehaus.groovy.transform.stc.StaticTypesMarker;

import io.groovymcp.engine.compile.Compilation;
import io.groovymcp.engine.query.resolve.Hierarchy;
import io.groovymcp.engine.text.SourceText;

/**
 * Every named occurrence in every compiled buffer, with the declaration it names. One walk per compile serves
 * describe, definition, references, rename, implementations and tokens, so they always agree with each other.
 */
final class Index {
    final Compilation compilation;
    final QueryCache cache;
    TextSource texts;
    /** uri -> occurrences in text order. */
    final Map<String, List<Occ>> byUri = new LinkedHashMap<>();
    /** identity key -> declaration occurrence. */
    final Map<String, Occ> declarations = new LinkedHashMap<>();
    /** identity key -> all occurrences (declaration included), in buffer then text order. */
    final Map<String, List<Occ>> byKey = new LinkedHashMap<>();
    /** uri -> classes declared in that buffer (script classes excluded). */
    final Map<String, List<ClassNode>> classes = new LinkedHashMap<>();
    /** Local declarations to their initializers, for inferring the type of a {@code def} local. */
    final Map<VariableExpression, Expression> initializers = new java.util.HashMap<>();

    private Index(Compilation c, QueryCache cache) {
        this.compilation = c;
        this.cache = cache;
    }

    /** A new index of a compile; {@link QueryCache#index} keeps the current compile's. */
    static Index build(Compilation c, TextSource texts, QueryCache cache) {
        Index ix = new Index(c, cache);
        ix.texts = texts;
        for (Map.Entry<String, SourceUnit> e : c.units().entrySet()) {
            SourceText st = texts.text(e.getKey());
            if (st != null && e.getValue().getAST() != null) {
                ix.walk(e.getKey(), st, e.getValue().getAST());
            }
        }
        return ix;
    }

    interface TextSource {
        SourceText text(String uri);
    }

    List<Occ> occurrences(String uri) {
        List<Occ> l = byUri.get(uri);
        return l == null ? new ArrayList<>() : l;
    }

    /** The occurrence covering the offset; an identifier ending exactly at the caret counts. */
    Occ at(String uri, int offset) {
        Occ best = null;
        for (Occ o : occurrences(uri)) {
            if (o.start <= offset && offset < o.end) {
                return o;
            }
            if (o.end == offset) {
                best = o;
            }
        }
        return best;
    }

    private void walk(String uri, SourceText st, ModuleNode module) {
        List<Occ> out = new ArrayList<>();
        List<ClassNode> declared = new ArrayList<>();
        Walker w = new Walker(uri, st, module, out);
        for (ImportNode imp : module.getImports()) {
            w.importType(imp);
        }
        for (ImportNode imp : module.getStaticImports().values()) {
            w.importType(imp);
        }
        for (ImportNode imp : module.getStaticStarImports().values()) {
            w.importType(imp);
        }
        Assigned assigned = new Assigned(module.getContext());
        for (ClassNode cn : module.getClasses()) {
            assigned.visitClass(cn);
        }
        w.reassigned = assigned.variables;
        for (ClassNode cn : module.getClasses()) {
            if (!cn.isScript()) {
                declared.add(cn);
            }
            w.currentClass = cn;
            w.visitClass(cn);
        }
        out.sort((a, b) -> a.start != b.start ? Integer.compare(a.start, b.start) : Integer.compare(a.end, b.end));
        List<Occ> dedup = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Occ o : out) {
            if (seen.add(o.start + ":" + o.end)) {
                dedup.add(o);
            }
        }
        byUri.put(uri, dedup);
        classes.put(uri, declared);
        for (Occ o : dedup) {
            if (o.decl && !declarations.containsKey(o.key)) {
                declarations.put(o.key, o);
            }
            byKey.computeIfAbsent(o.key, k -> new ArrayList<>()).add(o);
        }
    }

    static int argCount(Expression args) {
        if (args instanceof TupleExpression) {
            List<Expression> es = ((TupleExpression) args).getExpressions();
            if (es.size() == 1 && es.get(0) instanceof MapExpression && !(args instanceof ArgumentListExpression)) {
                return 1;
            }
            return es.size();
        }
        return args == null ? 0 : 1;
    }

    private final class Walker extends ClassCodeVisitorSupport {
        int scopeStart;
        int scopeEnd = Integer.MAX_VALUE;
        final String uri;
        final SourceText st;
        final String text;
        final ModuleNode module;
        final List<Occ> out;
        ClassNode currentClass;
        private int unbound;

        Walker(String uri, SourceText st, ModuleNode module, List<Occ> out) {
            this.uri = uri;
            this.st = st;
            this.text = st.text();
            this.module = module;
            this.out = out;
        }

        @Override
        protected SourceUnit getSourceUnit() {
            return module.getContext();
        }

        int off(int line1, int col1) {
            return st.compilerOffset(line1, col1);
        }

        int startOf(ASTNode n) {
            return off(n.getLineNumber(), n.getColumnNumber());
        }

        int endOf(ASTNode n) {
            return n.getLastLineNumber() < 1 ? startOf(n) : off(n.getLastLineNumber(), n.getLastColumnNumber());
        }

        boolean positioned(ASTNode n) {
            return n != null && n.getLineNumber() > 0 && n.getColumnNumber() > 0;
        }

        boolean wordAt(int s, String name) {
            if (s < 0 || s + name.length() > text.length() || !text.startsWith(name, s)) {
                return false;
            }
            // a GString's $name starts the name right after the dollar
            boolean before = s == 0 || !Character.isJavaIdentifierPart(text.charAt(s - 1)) || text.charAt(s - 1) == '$';
            int e = s + name.length();
            boolean after = e >= text.length() || !Character.isJavaIdentifierPart(text.charAt(e));
            return before && after;
        }

        /**
         * A method named by a string literal (Spock features: {@code def "adds two numbers"()}): the offset of the
         * name inside its quotes when the literal is followed by '(', or -1.
         */
        int quotedName(String name, int from, int to) {
            for (String q : new String[] {"\"", "'"}) {
                int i = text.indexOf(q + name + q, from);
                if (i >= 0 && i + name.length() + 2 <= to) {
                    int j = i + name.length() + 2;
                    while (j < text.length() && Character.isWhitespace(text.charAt(j))) {
                        j++;
                    }
                    if (j < text.length() && text.charAt(j) == '(') {
                        return i + 1;
                    }
                }
            }
            return -1;
        }

        /** First whole-word occurrence of name in [from, to), or -1; mode 1 = followed by '(' , 2 = after a type keyword. */
        int find(String name, int from, int to, int mode) {
            if (name == null || name.isEmpty()) {
                return -1;
            }
            int i = from;
            while (true) {
                i = text.indexOf(name, i);
                if (i < 0 || i + name.length() > to) {
                    return -1;
                }
                if (wordAt(i, name) && (i == 0 || text.charAt(i - 1) != '.' || mode == 3)) {
                    if (mode == 1) {
                        int j = i + name.length();
                        while (j < text.length() && Character.isWhitespace(text.charAt(j))) {
                            j++;
                        }
                        if (j < text.length() && text.charAt(j) == '(') {
                            return i;
                        }
                    } else if (mode == 2) {
                        int j = i - 1;
                        while (j >= 0 && Character.isWhitespace(text.charAt(j))) {
                            j--;
                        }
                        int k = j;
                        while (k >= 0 && Character.isJavaIdentifierPart(text.charAt(k))) {
                            k--;
                        }
                        String kw = text.substring(k + 1, j + 1);
                        if (kw.equals("class") || kw.equals("interface") || kw.equals("enum") || kw.equals("trait")
                                || kw.equals("record")) {
                            return i;
                        }
                    } else {
                        return i;
                    }
                }
                i += name.length();
            }
        }

        Occ add(int s, String name, Object target, boolean decl, boolean bound, String token) {
            String key = target == null ? null : Identity.key(target, uri);
            if (target instanceof Variable && target instanceof ASTNode && ((ASTNode) target).getLineNumber() < 1
                    && !(target instanceof FieldNode) && !(target instanceof PropertyNode)) {
                // an implicit parameter (a closure's it) has no position, so no identity shared across closures
                Occ o = new Occ(uri, s, s + name.length(), name, target, "U:" + uri + ":" + s + ":" + (unbound++),
                        false, false, token);
                o.scopeStart = scopeStart;
                o.scopeEnd = scopeEnd;
                out.add(o);
                return o;
            }
            if (key == null) {
                key = "U:" + uri + ":" + s + ":" + (unbound++);
                bound = false;
            }
            Occ o = new Occ(uri, s, s + name.length(), name, target, key, decl, bound, token);
            o.scopeStart = scopeStart;
            o.scopeEnd = scopeEnd;
            out.add(o);
            return o;
        }

        // ----- declarations -----

        @Override
        public void visitClass(ClassNode node) {
            if (!node.isScript() && positioned(node)) {
                String simple = Identity.simple(node.getPlainNodeReference());
                int s = find(simple, startOf(node), endOf(node), 2);
                if (s >= 0) {
                    Occ o = add(s, simple, node, true, true, classToken(node));
                    o.node = node;
                    o.deprecated = deprecated(node);
                }
                generics(node.getGenericsTypes(), true);
                if (!node.isEnum()) {
                    typeRef(node.getUnresolvedSuperClass(false));
                }
                for (ClassNode i : node.getUnresolvedInterfaces(false)) {
                    typeRef(i);
                }
            }
            ClassNode saved = currentClass;
            currentClass = node;
            super.visitClass(node);
            currentClass = saved;
        }

        @Override
        public void visitAnnotations(AnnotatedNode node) {
            for (AnnotationNode a : node.getAnnotations()) {
                if (positioned(a) && positioned(a.getClassNode())) {
                    typeRef(a.getClassNode(), "annotation");
                } else if (positioned(a)) {
                    String n = Identity.simple(a.getClassNode());
                    int s = find(n, startOf(a), endOf(a), 3);
                    if (s >= 0) {
                        add(s, n, a.getClassNode().redirect(), false, true, "annotation");
                    }
                }
            }
            super.visitAnnotations(node);
        }

        @Override
        public void visitConstructorOrMethod(MethodNode node, boolean isConstructor) {
            if (positioned(node) && !node.isSynthetic()) {
                String name = isConstructor ? Identity.simple(node.getDeclaringClass().getPlainNodeReference())
                        : node.getName();
                int s = find(name, startOf(node), endOf(node), 1);
                if (s < 0 && !isConstructor) {
                    s = quotedName(name, startOf(node), endOf(node));
                }
                if (s >= 0) {
                    Occ o = add(s, name, node, true, true, isConstructor ? classToken(node.getDeclaringClass())
                            : "method");
                    o.node = node;
                    o.isStatic = node.isStatic();
                    o.deprecated = deprecated(node);
                }
                generics(node.getGenericsTypes(), true);
                if (!isConstructor && !node.isDynamicReturnType()) {
                    typeRef(node.getReturnType());
                }
                if (node.getExceptions() != null) {
                    for (ClassNode e : node.getExceptions()) {
                        typeRef(e);
                    }
                }
            }
            int ss = scopeStart;
            int se = scopeEnd;
            if (positioned(node)) {
                scopeStart = startOf(node);
                scopeEnd = endOf(node);
            }
            parameters(node.getParameters(), "parameter");
            super.visitConstructorOrMethod(node, isConstructor);
            scopeStart = ss;
            scopeEnd = se;
        }

        void parameters(Parameter[] ps, String token) {
            if (ps == null) {
                return;
            }
            for (Parameter p : ps) {
                if (!positioned(p)) {
                    continue;
                }
                if (!p.isDynamicTyped()) {
                    typeRef(p.getOriginType());
                }
                int from = !p.isDynamicTyped() && p.getOriginType() != null && positioned(p.getOriginType())
                        ? endOf(p.getOriginType()) : startOf(p);
                int s = find(p.getName(), from, text.length(), 0);
                if (s >= 0) {
                    Occ o = add(s, p.getName(), p, true, true, token);
                    o.node = p;
                }
                if (p.hasInitialExpression()) {
                    p.getInitialExpression().visit(this);
                }
            }
        }

        @Override
        public void visitField(FieldNode node) {
            PropertyNode prop = node.getDeclaringClass() == null ? null
                    : node.getDeclaringClass().getProperty(node.getName());
            if (prop == null || prop.getField() != node) {
                declareMember(node, node, node.getName(), node.isDynamicTyped(), node.getOriginType());
            }
            super.visitField(node);
        }

        @Override
        public void visitProperty(PropertyNode node) {
            declareMember(node, node.getField(), node.getName(), node.getField().isDynamicTyped(),
                    node.getField().getOriginType());
            super.visitProperty(node);
        }

        void declareMember(AnnotatedNode target, FieldNode f, String name, boolean dynamic, ClassNode type) {
            ASTNode at = positioned(target) ? target : f;
            if (!positioned(at) || (f.isSynthetic() && !(target instanceof PropertyNode))) {
                return;
            }
            if (!dynamic && !f.isEnum()) {
                typeRef(type);
            }
            int from = type != null && positioned(type) && !dynamic ? endOf(type) : startOf(at);
            int s = find(name, from, text.length(), 0);
            if (s < 0) {
                s = find(name, startOf(at), text.length(), 0);
            }
            if (s >= 0) {
                boolean isProp = target instanceof PropertyNode;
                Occ o = add(s, name, target, true, true, f.isEnum() ? "enumMember" : isProp ? "property" : "property");
                o.node = target;
                o.isStatic = f.isStatic();
                o.readonly = f.isFinal();
                o.deprecated = deprecated(target);
            }
        }

        // ----- types -----

        String classToken(ClassNode c) {
            ClassNode r = c.redirect();
            if (r.isGenericsPlaceHolder() || c.isGenericsPlaceHolder()) {
                return "typeParameter";
            }
            if (r.isAnnotationDefinition()) {
                return "annotation";
            }
            if (r.isInterface()) {
                return "interface";
            }
            if (r.isEnum()) {
                return "enum";
            }
            return "class";
        }

        void generics(GenericsType[] gs, boolean declaring) {
            if (gs == null) {
                return;
            }
            for (GenericsType g : gs) {
                if (g.isPlaceholder() || g.isWildcard()) {
                    if (declaring && positioned(g)) {
                        int s = find(g.getName(), startOf(g), endOf(g), 0);
                        if (s >= 0) {
                            add(s, g.getName(), null, true, false, "typeParameter");
                        }
                    }
                    if (g.getUpperBounds() != null) {
                        for (ClassNode b : g.getUpperBounds()) {
                            typeRef(b);
                        }
                    }
                    if (g.getLowerBound() != null) {
                        typeRef(g.getLowerBound());
                    }
                    if (!g.isWildcard() && !declaring) {
                        typeRef(g.getType());
                    }
                } else {
                    typeRef(g.getType());
                }
            }
        }

        void typeRef(ClassNode t) {
            typeRef(t, null);
        }

        void typeRef(ClassNode t, String token) {
            if (t == null) {
                return;
            }
            ClassNode base = t;
            while (base.isArray() && base.getComponentType() != null) {
                base = base.getComponentType();
            }
            if (positioned(t)) {
                typeSpan(t, base, startOf(t), endOf(t), token);
            }
            generics(base.getGenericsTypes(), false);
        }

        /** A type named by the text between s0 and e0 (a qualified name; generics and dims cut off). */
        void typeSpan(ClassNode t, ClassNode base, int s0, int e0, String token) {
            {
                if (e0 > s0 && e0 <= text.length()) {
                    String span = text.substring(s0, e0);
                    int cut = span.length();
                    for (int i = 0; i < span.length(); i++) {
                        char c = span.charAt(i);
                        if (c == '<' || c == '[' || c == '(' || Character.isWhitespace(c)) {
                            cut = i;
                            break;
                        }
                    }
                    String q = span.substring(0, cut);
                    int dot = q.lastIndexOf('.');
                    String simple = q.substring(dot + 1);
                    if (!simple.isEmpty() && wordAt(s0 + dot + 1, simple)
                            && Character.isJavaIdentifierStart(simple.charAt(0))) {
                        ClassNode target = base.isGenericsPlaceHolder() ? null : base.redirect();
                        boolean known = target != null;
                        Occ o = add(s0 + dot + 1, simple, known ? target : null, false, known,
                                token != null ? token : base.isGenericsPlaceHolder() ? "typeParameter"
                                        : classToken(base));
                        if (dot > 0) {
                            o.readonly = false;
                        }
                    }
                }
            }
        }

        void importType(ImportNode imp) {
            ClassNode t = imp.getType();
            if (t == null || !positioned(imp)) {
                return;
            }
            int s0 = startOf(imp);
            int e0 = endOf(imp);
            String simple = Identity.simple(t);
            String fq = t.getName().replace('$', '.');
            int at = text.indexOf(fq, s0);
            int s = at >= 0 && at < e0 ? at + fq.length() - simple.length() : find(simple, s0, e0, 3);
            if (s >= 0 && wordAt(s, simple)) {
                add(s, simple, t.redirect(), false, true, classToken(t));
            }
            String member = imp.isStatic() ? imp.getFieldName() : null;
            if (member != null && s >= 0) {
                int m = find(member, s + simple.length(), e0, 3);
                if (m >= 0) {
                    AnnotatedNode field = member(t, member);
                    List<MethodNode> ms = Hierarchy.methods(t, member);
                    Object target = field != null ? field : ms.size() == 1 ? ms.get(0) : null;
                    Occ o = add(m, member, target, false, target != null, field != null ? "property" : "method");
                    o.isStatic = true;
                    o.receiverHint = t;
                    o.staticReceiver = true;
                    o.call = field == null;
                }
            }
        }

        // ----- expressions -----

        @Override
        public void visitDeclarationExpression(DeclarationExpression expression) {
            if (!expression.isMultipleAssignmentDeclaration()) {
                VariableExpression v = expression.getVariableExpression();
                initializers.put(v, expression.getRightExpression());
                if (!v.isDynamicTyped()) {
                    typeRef(v.getOriginType());
                }
            } else {
                for (Expression e : expression.getTupleExpression().getExpressions()) {
                    if (e instanceof VariableExpression && !((VariableExpression) e).isDynamicTyped()) {
                        typeRef(((VariableExpression) e).getOriginType());
                    }
                }
            }
            super.visitDeclarationExpression(expression);
        }

        @Override
        public void visitVariableExpression(VariableExpression ve) {
            String name = ve.getName();
            if (!positioned(ve) || "this".equals(name) || "super".equals(name)) {
                return;
            }
            int s = startOf(ve);
            if (!wordAt(s, name)) {
                s = find(name, s, Math.max(endOf(ve), s + name.length()), 0);
                if (s < 0) {
                    return;
                }
            }
            Variable av = ve.getAccessedVariable();
            if (av == null || av instanceof DynamicVariable) {
                add(s, name, null, false, false, "variable");
                return;
            }
            Object target = av;
            if (av instanceof FieldNode) {
                FieldNode f = (FieldNode) av;
                PropertyNode p = f.getDeclaringClass() == null ? null : f.getDeclaringClass().getProperty(f.getName());
                if (p != null && p.getField() == f) {
                    target = p;
                }
            }
            boolean decl = av == ve;
            String token = av instanceof Parameter ? "parameter"
                    : (av instanceof FieldNode || av instanceof PropertyNode) ? "property" : "variable";
            Occ o = add(s, name, target, decl, true, token);
            if (decl) {
                o.node = ve;
            }
            if (av instanceof FieldNode) {
                o.isStatic = ((FieldNode) av).isStatic();
                o.readonly = ((FieldNode) av).isFinal();
            } else if (av instanceof PropertyNode) {
                o.isStatic = ((PropertyNode) av).isStatic();
            } else if (av instanceof VariableExpression) {
                o.readonly = (((VariableExpression) av).getModifiers() & 0x10 /* ACC_FINAL */) != 0;
            }
        }

        @Override
        public void visitMethodCallExpression(MethodCallExpression call) {
            Expression m = call.getMethod();
            if (m instanceof ConstantExpression && positioned(m) && ((ConstantExpression) m).getValue() instanceof String) {
                String name = (String) ((ConstantExpression) m).getValue();
                int s = startOf(m);
                if (wordAt(s, name)) {
                    MethodNode t = call.getNodeMetaData(StaticTypesMarker.DIRECT_METHOD_CALL_TARGET);
                    if (t == null) {
                        t = call.getMethodTarget();
                    }
                    int arity = argCount(call.getArguments());
                    if (t == null && call.isImplicitThis() && closures == 0) {
                        t = onlyMethod(currentClass, name, arity);
                    } else if (t == null && !call.isSpreadSafe()) {
                        t = onlyMethod(constructedType(call.getObjectExpression()), name, arity);
                    }
                    Occ o = add(s, name, t, false, t != null, "method");
                    o.arity = arity;
                    o.call = true;
                    if (t != null) {
                        o.isStatic = t.isStatic();
                        o.deprecated = deprecated(t);
                    }
                    o.receiverHint = receiverType(call.getObjectExpression(), call.isImplicitThis());
                    o.staticReceiver = call.getObjectExpression() instanceof ClassExpression;
                }
            }
            super.visitMethodCallExpression(call);
        }

        /** Variables assigned anywhere in the module after their declaration. */
        Set<Variable> reassigned = new HashSet<>();

        /**
         * The class of a local declared {@code def x = new T(...)} and never assigned again: its calls are as
         * typed as if it were declared {@code T x}. Null for anything else.
         */
        ClassNode constructedType(Expression recv) {
            if (!(recv instanceof VariableExpression)) {
                return null;
            }
            Variable av = ((VariableExpression) recv).getAccessedVariable();
            if (!(av instanceof VariableExpression) || reassigned.contains(av)) {
                return null;
            }
            Expression init = initializers.get(av);
            return init instanceof ConstructorCallExpression && !((ConstructorCallExpression) init).isSuperCall()
                    && !((ConstructorCallExpression) init).isThisCall() && !init.getType().isInterface()
                    ? init.getType() : null;
        }

        /** Closures entered around the current node (their delegate may own an implicit-this call). */
        int closures;

        /**
         * An implicit-this call outside closures, in dynamic code, binds to the class's method when exactly one
         * method of that name and arity exists in the class and its superclasses, and nothing intercepts calls
         * (methodMissing, invokeMethod). Anything else stays unbound.
         */
        MethodNode onlyMethod(ClassNode cls, String name, int arity) {
            if (cls == null || arity < 0) {
                return null;
            }
            MethodNode only = null;
            for (ClassNode c = cls; c != null && !ClassHelper.isObjectType(c); c = c.getSuperClass()) {
                if (!c.getMethods("methodMissing").isEmpty() || !c.getMethods("invokeMethod").isEmpty()) {
                    return null;
                }
                for (MethodNode m : c.getMethods(name)) {
                    if (Identity.sameArity(m, arity)) {
                        if (only != null) {
                            return null;
                        }
                        only = m;
                    }
                }
            }
            return only;
        }

        ClassNode receiverType(Expression recv, boolean implicitThis) {
            if (implicitThis) {
                return currentClass;
            }
            if (recv instanceof ClassExpression) {
                // the class itself (its static members), not the Class<T> the type checker infers
                return recv.getType();
            }
            ClassNode inferred = recv.getNodeMetaData(StaticTypesMarker.INFERRED_TYPE);
            if (inferred != null) {
                return inferred;
            }
            if (recv instanceof VariableExpression) {
                VariableExpression v = (VariableExpression) recv;
                if (v.isThisExpression()) {
                    return currentClass;
                }
                Variable av = v.getAccessedVariable();
                if (av != null && !av.isDynamicTyped() && !(av instanceof DynamicVariable)) {
                    return av.getOriginType();
                }
                if (av instanceof VariableExpression) {
                    ClassNode t = typeOfInitializer(initializers.get(av));
                    if (t != null) {
                        return t;
                    }
                }
            }
            if (recv instanceof ConstantExpression && ((ConstantExpression) recv).getValue() != null) {
                return recv.getType();
            }
            ClassNode evident = typeOfInitializer(recv);
            if (evident != null) {
                return evident;
            }
            if (recv instanceof MethodCallExpression) {
                // a chained call: the return type, when every same-arity candidate agrees on it
                MethodCallExpression inner = (MethodCallExpression) recv;
                ClassNode owner = receiverType(inner.getObjectExpression(), inner.isImplicitThis());
                String name = inner.getMethodAsString();
                if (owner != null && name != null) {
                    ClassNode ret = null;
                    int arity = argCount(inner.getArguments());
                    for (MethodNode m : Hierarchy.methods(owner, name)) {
                        if (!Identity.sameArity(m, arity)) {
                            continue;
                        }
                        if (ret != null && !ret.equals(m.getReturnType()) || m.isDynamicReturnType()) {
                            return null;
                        }
                        ret = m.getReturnType();
                    }
                    return ret == null || ret.isGenericsPlaceHolder() ? null : ret;
                }
            }
            return null;
        }

        @Override
        public void visitStaticMethodCallExpression(StaticMethodCallExpression call) {
            String name = call.getMethod();
            if (positioned(call)) {
                int s = startOf(call);
                if (wordAt(s, name)) {
                    MethodNode t = call.getNodeMetaData(StaticTypesMarker.DIRECT_METHOD_CALL_TARGET);
                    int arity = argCount(call.getArguments());
                    if (t == null) {
                        MethodNode only = null;
                        int n = 0;
                        for (MethodNode c : call.getOwnerType().getMethods(name)) {
                            if (Identity.sameArity(c, arity)) {
                                only = c;
                                n++;
                            }
                        }
                        t = n == 1 ? only : null;
                    }
                    Occ o = add(s, name, t, false, t != null, "method");
                    o.arity = arity;
                    o.call = true;
                    o.isStatic = true;
                    o.receiverHint = call.getOwnerType();
                }
            }
            super.visitStaticMethodCallExpression(call);
        }

        @Override
        public void visitConstructorCallExpression(ConstructorCallExpression call) {
            if (!call.isSpecialCall()) {
                ClassNode t = call.getType();
                if (positioned(t)) {
                    typeRef(t);
                } else if (positioned(call)) {
                    String simple = Identity.simple(t.getPlainNodeReference());
                    int s = find(simple, startOf(call), endOf(call), 3);
                    if (s >= 0) {
                        add(s, simple, t.redirect(), false, true, classToken(t));
                    }
                }
            }
            super.visitConstructorCallExpression(call);
        }

        @Override
        public void visitPropertyExpression(PropertyExpression pe) {
            property(pe);
            super.visitPropertyExpression(pe);
        }

        @Override
        public void visitAttributeExpression(AttributeExpression ae) {
            property(ae);
            super.visitAttributeExpression(ae);
        }

        void property(PropertyExpression pe) {
            Expression p = pe.getProperty();
            if (!(p instanceof ConstantExpression) || !positioned(p) || !(((ConstantExpression) p).getValue() instanceof String)) {
                return;
            }
            String name = (String) ((ConstantExpression) p).getValue();
            int s = startOf(p);
            if (!wordAt(s, name)) {
                return;
            }
            Expression recv = pe.getObjectExpression();
            boolean stc = recv.getNodeMetaData(StaticTypesMarker.INFERRED_TYPE) != null;
            boolean staticRef = recv instanceof ClassExpression;
            boolean self = recv instanceof VariableExpression && ((VariableExpression) recv).isThisExpression();
            ClassNode owner = receiverType(recv, false);
            AnnotatedNode member = owner == null ? null : member(owner, name);
            boolean bound = member != null && (stc || staticRef || self);
            Occ o = add(s, name, bound ? member : null, false, bound, "property");
            o.receiverHint = owner;
            o.staticReceiver = staticRef;
            if (member instanceof FieldNode) {
                o.isStatic = ((FieldNode) member).isStatic();
                o.readonly = ((FieldNode) member).isFinal();
            } else if (member instanceof PropertyNode) {
                o.isStatic = ((PropertyNode) member).isStatic();
            }
        }

        @Override
        public void visitMethodPointerExpression(MethodPointerExpression mp) {
            Expression m = mp.getMethodName();
            if (m instanceof ConstantExpression && positioned(m) && ((ConstantExpression) m).getValue() instanceof String) {
                String name = (String) ((ConstantExpression) m).getValue();
                int s = startOf(m);
                if (wordAt(s, name)) {
                    Occ o = add(s, name, null, false, false, "method");
                    o.call = true;
                    o.receiverHint = receiverType(mp.getExpression(), false);
                }
            }
            super.visitMethodPointerExpression(mp);
        }

        @Override
        public void visitClassExpression(ClassExpression ce) {
            if (positioned(ce) && !ce.getType().isScript()) {
                // the class as written here (LocalDate.now()): a library node has no position and a source class's
                // position is its declaration, so the expression's own span names it
                typeSpan(ce.getType(), ce.getType(), startOf(ce), endOf(ce), null);
            }
            super.visitClassExpression(ce);
        }

        @Override
        public void visitCastExpression(CastExpression ce) {
            typeRef(ce.getType());
            super.visitCastExpression(ce);
        }

        @Override
        public void visitClosureExpression(ClosureExpression ce) {
            int ss = scopeStart;
            int se = scopeEnd;
            if (positioned(ce)) {
                scopeStart = startOf(ce);
                scopeEnd = endOf(ce);
            }
            parameters(ce.getParameters(), "parameter");
            closures++;
            try {
                super.visitClosureExpression(ce);
            } finally {
                closures--;
            }
            scopeStart = ss;
            scopeEnd = se;
        }

        @Override
        public void visitCatchStatement(CatchStatement cs) {
            parameters(new Parameter[] {cs.getVariable()}, "parameter");
            super.visitCatchStatement(cs);
        }

        @Override
        public void visitForLoop(ForStatement fs) {
            Parameter v = fs.getVariable();
            if (v != null && v != ForStatement.FOR_LOOP_DUMMY) {
                parameters(new Parameter[] {v}, "variable");
            }
            super.visitForLoop(fs);
        }
    }

    /** A field or property of that name on the type or its supertypes, as the compiler sees them. */
    static AnnotatedNode member(ClassNode owner, String name) {
        for (ClassNode c = owner.redirect(); c != null; c = c.getSuperClass()) {
            PropertyNode p = c.getProperty(name);
            if (p != null) {
                return p;
            }
            FieldNode f = c.getDeclaredField(name);
            if (f != null) {
                return f;
            }
        }
        return null;
    }

    /** The static type an initializer evidently has (literals, constructor calls, STC-inferred), or null. */
    /** Collects the variables that are assigned after their declaration (=, op=, ++, --). */
    private static final class Assigned extends ClassCodeVisitorSupport {
        final Set<Variable> variables = new HashSet<>();
        private final SourceUnit unit;

        Assigned(SourceUnit unit) {
            this.unit = unit;
        }

        @Override
        protected SourceUnit getSourceUnit() {
            return unit;
        }

        private void target(Expression e) {
            if (e instanceof VariableExpression) {
                Variable v = ((VariableExpression) e).getAccessedVariable();
                variables.add(v != null ? v : (VariableExpression) e);
            } else if (e instanceof TupleExpression) {
                for (Expression x : ((TupleExpression) e).getExpressions()) {
                    target(x);
                }
            }
        }

        @Override
        public void visitBinaryExpression(org.codehaus.groovy.ast.expr.BinaryExpression e) {
            if (!(e instanceof DeclarationExpression)
                    && org.codehaus.groovy.syntax.Types.isAssignment(e.getOperation().getType())) {
                target(e.getLeftExpression());
            }
            super.visitBinaryExpression(e);
        }

        @Override
        public void visitPostfixExpression(org.codehaus.groovy.ast.expr.PostfixExpression e) {
            target(e.getExpression());
            super.visitPostfixExpression(e);
        }

        @Override
        public void visitPrefixExpression(org.codehaus.groovy.ast.expr.PrefixExpression e) {
            target(e.getExpression());
            super.visitPrefixExpression(e);
        }
    }

    static ClassNode typeOfInitializer(Expression init) {
        if (init == null) {
            return null;
        }
        ClassNode inferred = init.getNodeMetaData(StaticTypesMarker.INFERRED_TYPE);
        if (inferred != null) {
            return inferred;
        }
        if (init instanceof ConstantExpression) {
            Object v = ((ConstantExpression) init).getValue();
            return v == null ? null : init.getType();
        }
        if (init instanceof ConstructorCallExpression || init instanceof org.codehaus.groovy.ast.expr.GStringExpression
                || init instanceof org.codehaus.groovy.ast.expr.ListExpression
                || init instanceof MapExpression || init instanceof ClosureExpression
                || init instanceof CastExpression) {
            return init.getType();
        }
        return null;
    }

    static boolean deprecated(AnnotatedNode n) {
        for (AnnotationNode a : n.getAnnotations()) {
            if ("java.lang.Deprecated".equals(a.getClassNode().getName())) {
                return true;
            }
        }
        return false;
    }

    static boolean isConstructor(Object o) {
        return o instanceof ConstructorNode;
    }
}
