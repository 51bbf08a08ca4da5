package io.groovymcp.engine.classmodel;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * The class files the compiler may resolve against: the generated model of the JDK and Groovy runtime API, then the
 * launch classpath jars in order. Only bytes live here; nothing is ever defined as a class or run, which is what makes
 * a classpath jar's AST transforms and extension code inert.
 */
public final class ClassModel {
    /** Resource path (a/b/C.class or META-INF/...) to bytes, first definition wins as on a JVM classpath. */
    private final Map<String, byte[]> entries = new HashMap<>();
    private final Map<String, Integer> origin = new HashMap<>();
    private int modelClasses;
    private int classpathClasses;
    private int jars;

    /** Adds the generated class model (a zip of stripped class files). Returns the number of classes it held. */
    public int loadModel(byte[] zip) throws IOException {
        int n = addZip(zip, 0);
        modelClasses += n;
        return n;
    }

    /** Adds one classpath jar. Returns the number of classes it contributed. */
    public int addJar(byte[] jar) throws IOException {
        jars++;
        int n = addZip(jar, jars);
        classpathClasses += n;
        return n;
    }

    private int addZip(byte[] zip, int source) throws IOException {
        int count = 0;
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            ZipEntry e;
            byte[] buf = new byte[8192];
            while ((e = in.getNextEntry()) != null) {
                if (e.isDirectory()) {
                    continue;
                }
                String name = e.getName();
                boolean isClass = name.endsWith(".class");
                // From jars only class files matter; their services and extension descriptors would name code to run.
                if (source > 0 && !isClass) {
                    continue;
                }
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                int r;
                while ((r = in.read(buf)) > 0) {
                    out.write(buf, 0, r);
                }
                if (!entries.containsKey(name)) {
                    entries.put(name, out.toByteArray());
                    origin.put(name, source);
                    if (isClass) {
                        count++;
                    }
                }
            }
        }
        return count;
    }

    public byte[] resource(String path) {
        return entries.get(path);
    }

    /** 0 for the generated model, n for the n-th classpath jar, -1 when absent. */
    public int origin(String path) {
        Integer o = origin.get(path);
        return o == null ? -1 : o;
    }

    public byte[] classBytes(String className) {
        return entries.get(className.replace('.', '/') + ".class");
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }

    public int modelClasses() {
        return modelClasses;
    }

    public int classpathClasses() {
        return classpathClasses;
    }

    /** Every class name held, for completion and type search. */
    public Iterable<String> resourceNames() {
        return entries.keySet();
    }
}
