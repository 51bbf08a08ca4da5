package io.groovymcp.engine.classmodel;

import java.util.Set;
import java.util.TreeSet;

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

    public static void install(ClassModel m, ModelClassNodeResolver r) {
        model = m;
        resolver = r;
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
        String prefix = (pkg.endsWith(".") ? pkg : pkg + ".").replace('.', '/');
        for (String path : model.resourceNames()) {
            if (path.startsWith(prefix) && path.endsWith(".class")) {
                String rest = path.substring(prefix.length(), path.length() - ".class".length());
                if (rest.indexOf('/') < 0 && rest.indexOf('$') < 0) {
                    names.add(rest);
                }
            }
        }
        return names;
    }
}
