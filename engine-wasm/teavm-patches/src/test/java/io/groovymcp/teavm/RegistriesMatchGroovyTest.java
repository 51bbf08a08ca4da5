package io.groovymcp.teavm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.File;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import org.codehaus.groovy.transform.GroovyASTTransformation;
import org.codehaus.groovy.transform.GroovyASTTransformationClass;
import org.junit.jupiter.api.Test;

import groovy.lang.GroovySystem;
import groovy.transform.stc.ClosureSignatureConflictResolver;
import groovy.transform.stc.ClosureSignatureHint;

/**
 * The wasm build's hand-kept tables must agree with the Groovy jar they were written for: every local transform
 * Groovy declares is either in TransformRegistry or named in the documented exclusions, and every closure-signature
 * hint or resolver is loadable by name.
 */
class RegistriesMatchGroovyTest {
    /** Transforms the wasm engine deliberately leaves out (docs/engine.md explains each). */
    private static final Set<String> EXCLUDED = Set.of(
            "groovy.transform.ASTTest"); // disabled: its closure would run inside the compiler

    private static ZipFile groovyJar() throws Exception {
        String path = GroovySystem.class.getProtectionDomain().getCodeSource().getLocation().getPath();
        return new ZipFile(new File(path));
    }

    @Test
    void everyEarlyPhaseTransformIsRegisteredOrDocumented() throws Exception {
        Set<String> expected = new TreeSet<>();
        try (ZipFile jar = groovyJar()) {
            for (Enumeration<? extends ZipEntry> e = jar.entries(); e.hasMoreElements();) {
                String n = e.nextElement().getName();
                if (!n.endsWith(".class") || n.contains("$") || n.startsWith("groovyjarjar")) {
                    continue;
                }
                Class<?> c;
                try {
                    c = Class.forName(n.substring(0, n.length() - 6).replace('/', '.'), false,
                            getClass().getClassLoader());
                } catch (Throwable t) {
                    continue;
                }
                GroovyASTTransformationClass g = c.isAnnotation()
                        ? c.getAnnotation(GroovyASTTransformationClass.class) : null;
                if (g == null || EXCLUDED.contains(c.getName())) {
                    continue;
                }
                List<String> transforms = new ArrayList<>(List.of(g.value()));
                for (Class<?> k : g.classes()) {
                    transforms.add(k.getName());
                }
                for (String t : transforms) {
                    GroovyASTTransformation phase = Class.forName(t).getAnnotation(GroovyASTTransformation.class);
                    // The engine stops after canonicalization and runs the type checker itself.
                    if (phase.phase().getPhaseNumber() <= org.codehaus.groovy.control.CompilePhase.CANONICALIZATION.getPhaseNumber()) {
                        // Groovy-written transforms TeaVM cannot link are registered as our Java versions.
                        Class<?> replacement = TransformRegistry.REPLACEMENTS.get(t);
                        expected.add(c.getName() + " -> " + (replacement == null ? t : replacement.getName()));
                    }
                }
            }
        }
        Set<String> registered = new TreeSet<>();
        for (String annotation : TransformRegistry.annotations()) {
            for (TransformRegistry.Entry e : TransformRegistry.forAnnotation(annotation)) {
                registered.add(annotation + " -> " + e.type.getName());
                assertNotNull(TransformRegistry.create(e.type));
            }
        }
        assertEquals(expected, registered);
    }

    /** A Java stand-in runs in the phase of the Groovy transform it replaces, which must still exist. */
    @Test
    void replacementsRunInTheOriginalsPhase() throws Exception {
        assertEquals(3, TransformRegistry.REPLACEMENTS.size());
        for (java.util.Map.Entry<String, Class<? extends org.codehaus.groovy.transform.ASTTransformation>> e
                : TransformRegistry.REPLACEMENTS.entrySet()) {
            GroovyASTTransformation original = Class.forName(e.getKey()).getAnnotation(GroovyASTTransformation.class);
            GroovyASTTransformation ours = e.getValue().getAnnotation(GroovyASTTransformation.class);
            assertNotNull(ours, e.getValue().getName());
            assertEquals(original.phase(), ours.phase(), e.getKey());
        }
    }

    @Test
    void everyHintAndResolverLoadsByName() throws Exception {
        Set<String> expected = new TreeSet<>();
        try (ZipFile jar = groovyJar()) {
            for (ZipEntry e : Collections.list(jar.entries())) {
                String n = e.getName();
                if (!n.startsWith("groovy/transform/") || !n.endsWith(".class")) {
                    continue;
                }
                Class<?> c = Class.forName(n.substring(0, n.length() - 6).replace('/', '.'), false,
                        getClass().getClassLoader());
                boolean concrete = !c.isInterface() && !java.lang.reflect.Modifier.isAbstract(c.getModifiers());
                if (concrete && (ClosureSignatureHint.class.isAssignableFrom(c)
                        || ClosureSignatureConflictResolver.class.isAssignableFrom(c))) {
                    expected.add(c.getName());
                }
            }
        }
        Set<String> known = new TreeSet<>();
        for (String n : KnownClasses.names()) {
            if (ClosureSignatureHint.class.isAssignableFrom(KnownClasses.forName(n))
                    || ClosureSignatureConflictResolver.class.isAssignableFrom(KnownClasses.forName(n))) {
                known.add(n);
            }
        }
        assertEquals(expected, known);
    }
}
