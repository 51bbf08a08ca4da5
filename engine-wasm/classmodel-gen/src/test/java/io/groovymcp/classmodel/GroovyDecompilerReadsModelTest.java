package io.groovymcp.classmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.MethodNode;
import org.codehaus.groovy.ast.decompiled.AsmDecompiler;
import org.codehaus.groovy.ast.decompiled.AsmReferenceResolver;
import org.codehaus.groovy.ast.decompiled.DecompiledClassNode;
import org.codehaus.groovy.control.ClassNodeResolver;
import org.codehaus.groovy.control.CompilationUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Feeds the stubs through the very path the engine uses (Groovy's AsmDecompiler / DecompiledClassNode) with a
 * resolver that only knows the model, so any hole shows up as the NoClassDefFoundError the engine would hit.
 */
class GroovyDecompilerReadsModelTest {

    /** A URL serving one model entry from memory, which is how the engine hands stubs to the decompiler. */
    private static URL urlOf(String entry) throws IOException {
        byte[] bytes = Fixture.model().entries().get(entry);
        return new URL(null, "model:/" + entry, new java.net.URLStreamHandler() {
            @Override
            protected java.net.URLConnection openConnection(URL u) {
                return new java.net.URLConnection(u) {
                    @Override
                    public void connect() {
                    }

                    @Override
                    public java.io.InputStream getInputStream() {
                        return new java.io.ByteArrayInputStream(bytes);
                    }
                };
            }
        });
    }

    /** Resolves dotted names strictly from the model. */
    private static final class ModelResolver extends ClassNodeResolver {
        private final Map<String, ClassNode> cache = new HashMap<>();
        private final CompilationUnit unit = new CompilationUnit();

        ClassNode load(String dotted) {
            LookupResult r = resolveName(dotted, unit);
            return r == null ? null : r.getClassNode();
        }

        @Override
        public LookupResult resolveName(String name, CompilationUnit compilationUnit) {
            ClassNode cached = cache.get(name);
            if (cached != null) {
                return new LookupResult(null, cached);
            }
            String entry = name.replace('.', '/') + ".class";
            if (!Fixture.model().entries().containsKey(entry)) {
                return null;
            }
            try {
                URL url = urlOf(entry);
                ClassNode node = new DecompiledClassNode(AsmDecompiler.parseClass(url),
                        new AsmReferenceResolver(this, compilationUnit));
                cache.put(name, node);
                return new LookupResult(null, node);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Test
    void dgmCollectDecompilesWithParameterNames() {
        ClassNode dgm = new ModelResolver().load("org.codehaus.groovy.runtime.DefaultGroovyMethods");
        assertNotNull(dgm);
        List<MethodNode> collect = dgm.getMethods("collect");
        assertFalse(collect.isEmpty());
        assertEquals("self", collect.get(0).getParameters()[0].getName());
    }

    @Test
    void everyClassDecompilesFully() {
        ModelResolver resolver = new ModelResolver();
        List<String> failures = new ArrayList<>();
        for (String entry : Fixture.model().entries().keySet()) {
            if (!entry.endsWith(".class")) {
                continue;
            }
            String dotted = entry.substring(0, entry.length() - ".class".length()).replace('/', '.');
            try {
                ClassNode c = resolver.load(dotted);
                c.getMethods();
                c.getFields();
                c.getDeclaredConstructors();
                c.getAnnotations();
                c.getGenericsTypes();
                c.getSuperClass();
                c.getInterfaces();
                c.getRecordComponents();
                for (MethodNode m : c.getMethods()) {
                    m.getReturnType().getName();
                    m.getAnnotations();
                }
            } catch (RuntimeException | LinkageError e) {
                failures.add(dotted + ": " + e);
            }
        }
        assertTrue(failures.isEmpty(), failures.size() + " failures, first: "
                + failures.subList(0, Math.min(10, failures.size())));
    }
}
