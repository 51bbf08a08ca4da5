package io.groovymcp.classmodel.source;

import io.groovymcp.classmodel.scope.Coverage;
import io.groovymcp.classmodel.scope.Origin;
import io.groovymcp.classmodel.scope.Policy;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/** Reads the Groovy jars as plain zips: nothing from them is loaded or run. */
public final class GroovyJars {

    /** Where Groovy looks for extension-module descriptors (the services path is the pre-2.5 location). */
    public static final List<String> EXTENSION_DESCRIPTOR_PATHS = List.of(
            "META-INF/groovy/org.codehaus.groovy.runtime.ExtensionModule",
            "META-INF/services/org.codehaus.groovy.runtime.ExtensionModule");

    /** An extension-module descriptor, bytes exactly as found in {@code jar}. */
    public record Descriptor(String jar, String path, byte[] bytes) {
    }

    /** Everything taken from the jars. */
    public record Contents(List<Candidate> classes, List<Descriptor> descriptors) {
    }

    private GroovyJars() {
    }

    public static Contents load(List<Path> jars) {
        List<Candidate> classes = new ArrayList<>();
        List<Descriptor> descriptors = new ArrayList<>();
        for (Path jar : jars) {
            String jarName = jar.getFileName().toString();
            try (ZipFile zip = new ZipFile(jar.toFile())) {
                Enumeration<? extends ZipEntry> entries = zip.entries();
                while (entries.hasMoreElements()) {
                    ZipEntry e = entries.nextElement();
                    String name = e.getName();
                    if (EXTENSION_DESCRIPTOR_PATHS.contains(name)) {
                        descriptors.add(new Descriptor(jarName, name, read(zip, e)));
                        continue;
                    }
                    // META-INF/versions/** would be multi-release variants; Groovy jars have none and the model
                    // must describe one API, so they are ignored rather than merged.
                    if (e.isDirectory() || !name.endsWith(".class") || name.startsWith("META-INF/")
                            || name.endsWith("package-info.class") || name.equals("module-info.class")) {
                        continue;
                    }
                    String internalName = name.substring(0, name.length() - ".class".length());
                    int slash = internalName.lastIndexOf('/');
                    String pkg = slash < 0 ? "" : internalName.substring(0, slash).replace('/', '.');
                    Policy policy = Coverage.policyFor(Origin.GROOVY, null, pkg, true);
                    if (policy != Policy.EXCLUDED) {
                        classes.add(new Candidate(internalName, read(zip, e), Origin.GROOVY, jarName, policy));
                    }
                }
            } catch (IOException ex) {
                throw new UncheckedIOException("reading " + jar, ex);
            }
        }
        return new Contents(classes, descriptors);
    }

    private static byte[] read(ZipFile zip, ZipEntry e) throws IOException {
        try (InputStream in = zip.getInputStream(e)) {
            return in.readAllBytes();
        }
    }
}
