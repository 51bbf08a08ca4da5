package io.groovymcp.classmodel;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Generates the model once per test JVM; the inputs come from surefire system properties set in the pom. */
final class Fixture {

    private static ClassModelGenerator.Result result;

    private Fixture() {
    }

    static Path groovyJar() {
        return jar("classmodel.groovyJar");
    }

    static Path dateutilJar() {
        return jar("classmodel.dateutilJar");
    }

    private static Path jar(String property) {
        String p = System.getProperty(property);
        if (p == null || p.isBlank() || p.startsWith("${")) {
            throw new IllegalStateException("system property " + property + " not set (run through Maven)");
        }
        Path path = Path.of(p);
        if (!Files.isRegularFile(path)) {
            throw new IllegalStateException(property + " points to a missing file: " + p);
        }
        return path;
    }

    /** Every jar the build feeds the generator: the core jar, then the distribution modules. */
    static List<Path> allJars() {
        List<Path> jars = new java.util.ArrayList<>(List.of(groovyJar()));
        String modules = System.getProperty("classmodel.moduleJars");
        if (modules == null || modules.isBlank() || modules.contains("${")) {
            throw new IllegalStateException("system property classmodel.moduleJars not set (run through Maven)");
        }
        for (String m : modules.split(",")) {
            jars.add(Path.of(m));
        }
        return jars;
    }

    static ClassModelGenerator.Options options() {
        return new ClassModelGenerator.Options(Path.of("unused.bin"), allJars(), true, null);
    }

    static synchronized ClassModelGenerator.Result model() {
        if (result == null) {
            result = ClassModelGenerator.generate(options());
        }
        return result;
    }
}
