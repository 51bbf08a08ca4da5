package io.groovymcp.engine.classmodel;

import java.io.IOException;
import java.net.URL;

import org.codehaus.groovy.ast.ClassHelper;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.decompiled.AsmDecompiler;
import org.codehaus.groovy.ast.decompiled.AsmReferenceResolver;
import org.codehaus.groovy.ast.decompiled.DecompiledClassNode;
import org.codehaus.groovy.control.ClassNodeResolver;
import org.codehaus.groovy.control.CompilationUnit;

/**
 * Resolves every non-source type from the class model through Groovy's own decompiler path. One instance is shared
 * by all compiles because the model is fixed at launch, so library types are decoded once per process. Decompiled
 * nodes resolve their own member types against a permanent, empty library unit, never against a user compile.
 */
public final class ModelClassNodeResolver extends ClassNodeResolver {
    private final ClassModel model;
    private CompilationUnit libraryUnit;
    private CollectorTargets collectors;
    private final java.util.Map<String, DecompiledClassNode> decoded = new java.util.HashMap<>();

    public ModelClassNodeResolver(ClassModel model) {
        this.model = model;
    }

    public void setLibraryUnit(CompilationUnit libraryUnit) {
        this.libraryUnit = libraryUnit;
    }

    @Override
    public LookupResult findClassNode(String name, CompilationUnit compilationUnit) {
        ClassNode known = ClassHelper.make(name);
        if (known.isResolved()) {
            LibraryHooks.ensureGenerics(known);
            return new LookupResult(null, known);
        }
        ClassNode node = decompile(name);
        return node == null ? null : new LookupResult(null, node);
    }

    /**
     * The library type of that name, decoded once per process: class-backed nodes, the resolver cache and the
     * collector cache must all see one node per type.
     */
    public DecompiledClassNode decompile(String name) {
        if (decoded.containsKey(name)) {
            return decoded.get(name);
        }
        DecompiledClassNode node = decode(name);
        decoded.put(name, node);
        if (node != null) {
            if (collectors == null) {
                collectors = new CollectorTargets(model);
            }
            collectors.attach(node, this, model.origin(name.replace('.', '/') + ".class") > 0);
        }
        return node;
    }

    private DecompiledClassNode decode(String name) {
        String path = name.replace('.', '/') + ".class";
        URL url = ModelUrls.of(model, path);
        if (url == null) {
            return null;
        }
        byte[] bytes = model.resource(path);
        int origin = model.origin(path);
        if (origin > 0 && JarClassCheck.problem(path, bytes, model) != null) {
            return null;
        }
        try {
            if (origin > 0) {
                bytes = JarParameterNames.withNames(bytes);
                url = ModelUrls.of(path, origin, bytes);
            }
            DecompiledClassNode node = new ModelDecompiledClassNode(AsmDecompiler.parseClass(url),
                    new LenientReferenceResolver(this, libraryUnit), bytes);
            return node.getName().equals(name) ? node : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
