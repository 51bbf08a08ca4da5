package io.groovymcp.engine.classmodel;

import java.util.Set;
import java.util.TreeSet;

import org.codehaus.groovy.ast.GenericsType;
import org.codehaus.groovy.ast.decompiled.DecompiledClassNode;

/**
 * The process-wide view of the library types, for code that Groovy reaches statically (the wasm VM plugin that fills
 * class-backed ClassNodes). The engine installs the model and resolver it compiles with.
 */
public final class LibraryHooks {
    private static ClassModel model;
    private static ModelClassNodeResolver resolver;

    private LibraryHooks() {
    }

    /** Class-backed nodes (Groovy's ClassHelper constants) still waiting for their type parameters. */
    private static final java.util.Set<org.codehaus.groovy.ast.ClassNode> PENDING_GENERICS =
            new java.util.LinkedHashSet<>();
    /** Nodes whose type parameters are being or have been applied; guards self-referential bounds. */
    private static final java.util.Set<org.codehaus.groovy.ast.ClassNode> APPLIED = new java.util.HashSet<>();

    public static void install(ClassModel m, ModelClassNodeResolver r) {
        model = m;
        resolver = r;
        for (org.codehaus.groovy.ast.ClassNode c : new java.util.ArrayList<>(PENDING_GENERICS)) {
            ensureGenerics(c);
        }
    }

    /**
     * Gives a class-backed node its type parameters from the model. On the JVM Groovy reads them by reflection when
     * it creates the node; here ClassHelper creates its constants (List, Map, ...) in a static initializer that runs
     * before any model exists, so they wait until the model is installed, and the resolver completes any of them
     * it hands out earlier than that ({@link #ensureGenerics}), so one type's signature never sees another's
     * parameters missing.
     */
    public static void applyGenerics(org.codehaus.groovy.ast.ClassNode c) {
        PENDING_GENERICS.add(c);
        if (resolver != null) {
            ensureGenerics(c);
        }
    }

    public static void ensureGenerics(org.codehaus.groovy.ast.ClassNode c) {
        if (resolver == null || !PENDING_GENERICS.contains(c) || !APPLIED.add(c)) {
            return;
        }
        PENDING_GENERICS.remove(c);
        byte[] bytes = model.classBytes(c.getName());
        if (bytes != null) {
            GenericsType[] provisional = TypeParameterNames.placeholders(bytes);
            if (provisional != null) {
                c.setGenericsTypes(provisional);
            }
        }
        DecompiledClassNode d = resolver.decompile(c.getName());
        if (d != null && d.getGenericsTypes() != null) {
            c.setGenericsTypes(d.getGenericsTypes());
        }
    }

    /**
     * A type of the generated model (never of a classpath jar), or null: what {@code Class.forName} finds on the JVM
     * oracle's class path, which holds the same JDK and Groovy jars but never a user's jar. For the wasm build's
     * stand-ins of reflective lookups (the logging transforms' {@code classNode(name)}).
     */
    public static org.codehaus.groovy.ast.ClassNode modelClass(String name) {
        org.codehaus.groovy.ast.ClassNode known = org.codehaus.groovy.ast.ClassHelper.make(name);
        if (known.isResolved()) {
            return known;
        }
        if (model == null || model.origin(name.replace('.', '/') + ".class") != 0) {
            return null;
        }
        return decompile(name);
    }

    /**
     * Packs of the installed model that lookups needed while they were not loaded ({@link ClassModel#wantedPacks});
     * empty before the first compile installs a model.
     */
    public static java.util.List<String> wantedPacks() {
        return model == null ? java.util.List.of() : model.wantedPacks();
    }

    public static DecompiledClassNode decompile(String name) {
        return resolver == null ? null : resolver.decompile(name);
    }

    /** Simple names of the top-level classes of one package (given with or without its trailing dot). */
    public static Set<String> simpleNamesIn(String pkg) {
        Set<String> names = new TreeSet<>();
        if (model == null) {
            return names;
        }
        String dir = (pkg.endsWith(".") ? pkg.substring(0, pkg.length() - 1) : pkg).replace('.', '/');
        String prefix = dir + "/";
        for (String path : model.resourcesIn(dir)) {
            if (path.endsWith(".class")) {
                String rest = path.substring(prefix.length(), path.length() - ".class".length());
                if (rest.indexOf('$') < 0) {
                    names.add(rest);
                }
            }
        }
        return names;
    }
}
