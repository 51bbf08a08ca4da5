package io.groovymcp.engine.project;

import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import groovy.lang.GroovyClassLoader;

import org.codehaus.groovy.ast.AnnotatedNode;
import org.codehaus.groovy.ast.AnnotationNode;
import org.codehaus.groovy.ast.ClassHelper;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.FieldNode;
import org.codehaus.groovy.ast.GenericsType;
import org.codehaus.groovy.ast.ImportNode;
import org.codehaus.groovy.ast.MethodNode;
import org.codehaus.groovy.ast.ModuleNode;
import org.codehaus.groovy.ast.Parameter;
import org.codehaus.groovy.ast.PropertyNode;
import org.codehaus.groovy.control.CompilationUnit;
import org.codehaus.groovy.control.CompilerConfiguration;
import org.codehaus.groovy.control.Phases;
import org.codehaus.groovy.control.SourceUnit;

import io.groovymcp.engine.text.SourceText;

/**
 * Reads a file's declarations. Groovy's parser first, to CONVERSION only (nothing is resolved, so no other file and no
 * library is needed): since Groovy 3 it also takes most Java. Where it fails (a broken Groovy file, Java it does not
 * accept), the tolerant {@link DeclarationScanner} reads what it can, so every class the file declares stays known.
 */
public final class DeclarationReader {
    private static final String RECORD_GENERATED = "_IS_RECORD_GENERATED";

    private DeclarationReader() {
    }

    public static FileDeclarations read(String uri, String language, String text, GroovyClassLoader loader,
                                        CompilerConfiguration config) {
        ModuleNode module = parse(uri, text, loader, config);
        if (module == null) {
            return DeclarationScanner.scan(uri, language, text);
        }
        return new DeclarationReader.Reading(language, new SourceText(text)).file(uri, module);
    }

    private static ModuleNode parse(String uri, String text, GroovyClassLoader loader, CompilerConfiguration config) {
        CompilationUnit cu = new CompilationUnit(config, null, loader, loader);
        SourceUnit su = cu.addSource(new SourceUnit(uri == null ? "declarations" : uri, text, config, loader,
                cu.getErrorCollector()));
        try {
            cu.compile(Phases.CONVERSION);
        } catch (RuntimeException e) { // CompilationFailedException, or a parser failure: the scanner reads it
            return null;
        }
        return cu.getErrorCollector().hasErrors() ? null : su.getAST();
    }

    private static final class Reading {
        private final boolean java;
        private final SourceText text;

        Reading(String language, SourceText text) {
            this.java = "java".equals(language);
            this.text = text;
        }

        FileDeclarations file(String uri, ModuleNode module) {
            String pkg = module.getPackageName() == null ? "" : module.getPackageName();
            if (pkg.endsWith(".")) {
                pkg = pkg.substring(0, pkg.length() - 1);
            }
            List<FileDeclarations.Import> imports = new ArrayList<>();
            for (ImportNode i : module.getImports()) {
                String simple = i.getClassName().substring(i.getClassName().lastIndexOf('.') + 1);
                addImport(imports, i.getClassName(), null, simple.equals(i.getAlias()) ? null : i.getAlias(), false,
                        false);
            }
            for (ImportNode i : module.getStarImports()) {
                String p = i.getPackageName();
                addImport(imports, p.endsWith(".") ? p.substring(0, p.length() - 1) : p, null, null, false, true);
            }
            for (Map.Entry<String, ImportNode> e : module.getStaticImports().entrySet()) {
                ImportNode i = e.getValue();
                addImport(imports, i.getClassName(), i.getFieldName(),
                        e.getKey().equals(i.getFieldName()) ? null : e.getKey(), true, false);
            }
            for (ImportNode i : module.getStaticStarImports().values()) {
                addImport(imports, i.getClassName(), null, null, true, true);
            }
            Map<ClassNode, TypeDeclaration> byNode = new IdentityHashMap<>();
            List<TypeDeclaration> top = new ArrayList<>();
            for (ClassNode cn : module.getClasses()) {
                if (cn.isScript() || isAnonymous(cn) || !Names.isIdentifier(simpleName(cn))) {
                    continue;
                }
                TypeDeclaration t = type(cn);
                byNode.put(cn, t);
                ClassNode outer = cn.getOuterClass();
                if (outer == null) {
                    top.add(t);
                } else if (byNode.containsKey(outer)) {
                    byNode.get(outer).types.add(t);
                }
            }
            return new FileDeclarations(uri, java ? "java" : "groovy", pkg, imports, top, false);
        }

        private static void addImport(List<FileDeclarations.Import> out, String name, String member, String alias,
                                      boolean isStatic, boolean star) {
            if (Names.isQualified(name) && (member == null || Names.isIdentifier(member))
                    && (alias == null || Names.isIdentifier(alias))) {
                out.add(new FileDeclarations.Import(name, member, alias, isStatic, star));
            }
        }

        private static boolean isAnonymous(ClassNode cn) {
            return cn instanceof org.codehaus.groovy.ast.InnerClassNode
                    && ((org.codehaus.groovy.ast.InnerClassNode) cn).isAnonymous();
        }

        private static String simpleName(ClassNode cn) {
            String n = cn.getNameWithoutPackage();
            return n.substring(n.lastIndexOf('$') + 1);
        }

        private TypeDeclaration type(ClassNode cn) {
            String kind = cn.isAnnotationDefinition() ? "annotation" : annotated(cn, "Trait") ? "trait"
                    : cn.isInterface() ? "interface" : cn.isEnum() ? "enum"
                    : annotated(cn, "RecordType") ? "record" : "class";
            boolean record = "record".equals(kind);
            TypeDeclaration t = TypeDeclaration.named(simpleName(cn), kind);
            t.modifiers.addAll(modifiers(cn.getModifiers(), cn.isSyntheticPublic(), !"class".equals(kind)));
            typeParameters(cn.getGenericsTypes(), t.typeParameters);
            if ("class".equals(kind)) {
                ClassNode sup = cn.getUnresolvedSuperClass(false);
                if (sup != null && !ClassHelper.OBJECT.equals(sup.getName())) {
                    String r = render(sup);
                    t.superclass = "def".equals(r) ? null : r;
                }
            }
            if (!"annotation".equals(kind)) {
                for (ClassNode i : cn.getUnresolvedInterfaces(false)) {
                    String r = render(i);
                    if (!"def".equals(r) && !"groovy.lang.GroovyObject".equals(r)) {
                        t.interfaces.add(r);
                    }
                }
            }
            annotations(cn, t.annotations);
            for (PropertyNode p : cn.getProperties()) {
                FieldNode f = p.getField();
                if (!Names.isIdentifier(p.getName()) || f.getNodeMetaData(RECORD_GENERATED) != null) {
                    if (record && f.getNodeMetaData(RECORD_GENERATED) != null && Names.isIdentifier(p.getName())) {
                        t.recordComponents.add(new MemberDeclaration.Parameter(p.getName(), render(p.getType()),
                                false, false));
                    }
                    continue;
                }
                List<String> anns = new ArrayList<>();
                annotations(p, anns);
                annotations(f, anns);
                t.fields.add(new MemberDeclaration(p.getName(), modifiers(p.getModifiers() & ~Modifier.PUBLIC,
                        false, false), render(p.getType()), new ArrayList<>(), null, !java, false, anns));
            }
            for (FieldNode f : cn.getFields()) {
                if (f.isEnum()) {
                    if (Names.isIdentifier(f.getName())) {
                        t.enumConstants.add(f.getName());
                    }
                    continue;
                }
                if (cn.isEnum() && (f.getName().equals("MIN_VALUE") || f.getName().equals("MAX_VALUE"))
                        && f.getType() == cn) {
                    continue; // the parser adds these to every enum; a stub gets them the same way
                }
                if (cn.getProperty(f.getName()) != null || f.isSynthetic() || !Names.isIdentifier(f.getName())
                        || f.getNodeMetaData(RECORD_GENERATED) != null) {
                    continue;
                }
                List<String> anns = new ArrayList<>();
                annotations(f, anns);
                t.fields.add(new MemberDeclaration(f.getName(), modifiers(f.getModifiers(), false,
                        cn.isInterface()), render(f.getType()), new ArrayList<>(), null, false, false, anns));
            }
            for (MethodNode m : cn.getMethods()) {
                if (m.isSynthetic() || !Names.isIdentifier(m.getName())) {
                    continue;
                }
                List<String> mods = modifiers(m.getModifiers(), m.isSyntheticPublic(), cn.isInterface());
                if (cn.isInterface() && !"annotation".equals(kind) && !m.isAbstract() && !m.isStatic()
                        && !m.isPrivate()) {
                    mods.add("default");
                }
                List<String> tps = new ArrayList<>();
                typeParameters(m.getGenericsTypes(), tps);
                List<String> anns = new ArrayList<>();
                annotations(m, anns);
                t.methods.add(new MemberDeclaration(m.getName(), mods, render(m.getReturnType()), tps,
                        parameters(m.getParameters()), false, m.hasAnnotationDefault(), anns));
            }
            for (MethodNode c : cn.getDeclaredConstructors()) {
                if (c.isSynthetic()) {
                    continue;
                }
                List<String> anns = new ArrayList<>();
                annotations(c, anns);
                t.constructors.add(new MemberDeclaration(null, modifiers(c.getModifiers(), c.isSyntheticPublic(),
                        false), null, new ArrayList<>(), parameters(c.getParameters()), false, false, anns));
            }
            return t;
        }

        private List<MemberDeclaration.Parameter> parameters(Parameter[] ps) {
            List<MemberDeclaration.Parameter> out = new ArrayList<>();
            int i = 0;
            for (Parameter p : ps) {
                String name = Names.isIdentifier(p.getName()) ? p.getName() : "p" + i;
                out.add(new MemberDeclaration.Parameter(name, render(p.getType()), false, p.hasInitialExpression()));
                i++;
            }
            return out;
        }

        /**
         * Modifier words; the visibility is left out where it was not written (Groovy's "synthetic public": public in
         * Groovy, package-private in Java, which the stub writer tells apart by the file's language). Implicit
         * modifiers of interfaces, enums and records are left out too.
         */
        private static List<String> modifiers(int mods, boolean syntheticPublic, boolean implicit) {
            List<String> out = new ArrayList<>();
            if (Modifier.isPublic(mods) && !syntheticPublic) {
                out.add("public");
            } else if (Modifier.isProtected(mods)) {
                out.add("protected");
            } else if (Modifier.isPrivate(mods)) {
                out.add("private");
            }
            if (Modifier.isStatic(mods)) {
                out.add("static");
            }
            if (Modifier.isFinal(mods) && !implicit) {
                out.add("final");
            }
            if (Modifier.isAbstract(mods) && !implicit) {
                out.add("abstract");
            }
            return out;
        }

        private void typeParameters(GenericsType[] gts, List<String> out) {
            if (gts == null) {
                return;
            }
            for (GenericsType g : gts) {
                StringBuilder sb = new StringBuilder(g.getName());
                if (g.getUpperBounds() != null) {
                    String sep = " extends ";
                    for (ClassNode b : g.getUpperBounds()) {
                        sb.append(sep).append(render(b));
                        sep = " & ";
                    }
                }
                String tp = TypeText.normalizeParameter(sb.toString());
                out.add(tp == null ? g.getName() : tp);
            }
        }

        private static boolean annotated(ClassNode cn, String simple) {
            for (AnnotationNode a : cn.getAnnotations()) {
                String n = a.getClassNode().getName();
                if (n.equals(simple) || n.equals("groovy.transform." + simple)) {
                    return true;
                }
            }
            return false;
        }

        /** The kept annotations' source text, on one line ({@link Annotations}). */
        private void annotations(AnnotatedNode node, List<String> out) {
            for (AnnotationNode a : node.getAnnotations()) {
                if (!Annotations.keeps(a.getClassNode().getName()) || a.getLineNumber() < 1
                        || a.getLastLineNumber() < 1) {
                    continue;
                }
                int s = text.compilerOffset(a.getLineNumber(), a.getColumnNumber());
                int e = text.compilerOffset(a.getLastLineNumber(), a.getLastColumnNumber());
                if (s < 0 || e <= s || e > text.text().length()) {
                    continue;
                }
                String src = text.text().substring(s, e).replace('\r', ' ').replace('\n', ' ').trim();
                if (Annotations.isSafe(src) && !out.contains(src)) {
                    out.add(src);
                }
            }
        }

        /** A type as written, or {@code def} for a dynamic one or one the grammar refuses. */
        static String render(ClassNode type) {
            StringBuilder sb = new StringBuilder();
            if (!render(type, sb, 0)) {
                return "def";
            }
            String t = TypeText.normalize(sb.toString());
            return t == null ? "def" : t;
        }

        private static boolean render(ClassNode type, StringBuilder sb, int depth) {
            if (type == null || depth > 16) {
                return false;
            }
            if (type.isArray()) {
                if (!render(type.getComponentType(), sb, depth + 1)) {
                    return false;
                }
                sb.append("[]");
                return true;
            }
            if (ClassHelper.isDynamicTyped(type)) {
                sb.append("def");
                return true;
            }
            if (type.isGenericsPlaceHolder()) {
                sb.append(type.getUnresolvedName());
                return true;
            }
            sb.append(type.getUnresolvedName().replace('$', '.'));
            GenericsType[] gts = type.getGenericsTypes();
            if (gts != null) {
                sb.append('<');
                for (int i = 0; i < gts.length; i++) {
                    if (i > 0) {
                        sb.append(", ");
                    }
                    GenericsType g = gts[i];
                    if (g.isWildcard()) {
                        sb.append('?');
                        if (g.getUpperBounds() != null && g.getUpperBounds().length > 0) {
                            sb.append(" extends ");
                            if (!render(g.getUpperBounds()[0], sb, depth + 1)) {
                                return false;
                            }
                        } else if (g.getLowerBound() != null) {
                            sb.append(" super ");
                            if (!render(g.getLowerBound(), sb, depth + 1)) {
                                return false;
                            }
                        }
                    } else if (g.isPlaceholder()) {
                        sb.append(g.getName());
                    } else if (!render(g.getType(), sb, depth + 1)) {
                        return false;
                    }
                }
                sb.append('>');
            }
            return true;
        }
    }
}
