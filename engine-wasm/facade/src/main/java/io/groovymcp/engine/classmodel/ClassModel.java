package io.groovymcp.engine.classmodel;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * The class files the compiler may resolve against: the generated model of the JDK and Groovy runtime API, then the
 * launch classpath jars in order. Only bytes live here; nothing is ever defined as a class or run, which is what makes
 * a classpath jar's AST transforms and extension code inert.
 */
public final class ClassModel {
    /** A class file above this is not one a compiler could have written; the jar is refused (issue 13). */
    public static final int MAX_CLASS_BYTES = 8 << 20;
    /** Bytes one jar may inflate to, class files and skipped entries together. */
    public static final long MAX_JAR_INFLATED = 256L << 20;
    /** Entries one jar may have. */
    public static final int MAX_JAR_ENTRIES = 100_000;

    /** The generated models, consulted before any jar (they are first on the class path). */
    private final List<ModelPacks> models = new ArrayList<>();
    /** Classpath jars' class files by resource path, first definition wins as on a JVM classpath. */
    private final Map<String, byte[]> entries = new HashMap<>();
    private final Map<String, Integer> origin = new HashMap<>();
    private int modelClasses;
    private int classpathClasses;
    private int jars;

    /**
     * Adds the generated class model (format 4, see {@link ModelPacks}): a whole or core model file, whose index
     * is read here (packs are decoded when first used), or an extra pack file of a model already loaded, which
     * makes that pack present. Returns the number of classes a model file holds (its whole index), or the number
     * of entries an extra pack brings.
     */
    public int loadModel(byte[] bytes) throws IOException {
        if (ModelPacks.isExtra(bytes)) {
            for (ModelPacks m : models) {
                int n = m.attach(bytes);
                if (n >= 0) {
                    return n;
                }
            }
            throw new IOException("class model pack of another build (no loaded model has its id)");
        }
        return add(new ModelPacks(bytes));
    }

    /**
     * Adds a whole or core model file that the host keeps: its index is read now, and each pack is read from the
     * host at its first use. Returns the number of classes the file holds (its whole index).
     */
    public int loadModel(ModelBytes file) throws IOException {
        return add(new ModelPacks(file));
    }

    private int add(ModelPacks m) {
        models.add(m);
        modelClasses += m.classCount();
        return m.classCount();
    }

    /**
     * Packs that lookups needed while they were not loaded, and that have not been added since: while this is not
     * empty, an answer may lack classes the whole model has. Names are extra pack file names without ".bin".
     */
    public List<String> wantedPacks() {
        List<String> out = new ArrayList<>();
        for (ModelPacks m : models) {
            out.addAll(m.wanted());
        }
        return out;
    }

    /**
     * Adds one classpath jar. Returns the number of classes it contributed. Entries are streamed against
     * {@link #MAX_CLASS_BYTES}, {@link #MAX_JAR_INFLATED} and {@link #MAX_JAR_ENTRIES}; a jar over any of them is
     * refused whole with an IOException naming the limit, and nothing of it is added.
     */
    public int addJar(byte[] jar) throws IOException {
        Map<String, byte[]> found = new LinkedHashMap<>();
        long inflated = 0;
        int seen = 0;
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(jar))) {
            ZipEntry e;
            byte[] buf = new byte[8192];
            while ((e = in.getNextEntry()) != null) {
                if (++seen > MAX_JAR_ENTRIES) {
                    throw new IOException("jar has more than " + MAX_JAR_ENTRIES + " entries");
                }
                String name = e.getName();
                // From jars only class files matter; their services and extension descriptors would name code to
                // run. Other entries are still read through (the zip stream inflates them anyway) and counted.
                boolean keep = !e.isDirectory() && name.endsWith(".class");
                ByteArrayOutputStream out = keep ? new ByteArrayOutputStream(4096) : null;
                int r;
                while ((r = in.read(buf)) > 0) {
                    inflated += r;
                    if (inflated > MAX_JAR_INFLATED) {
                        throw new IOException("jar inflates to more than " + (MAX_JAR_INFLATED >> 20) + " MiB");
                    }
                    if (out != null) {
                        if (out.size() + r > MAX_CLASS_BYTES) {
                            throw new IOException("class file " + name + " is larger than "
                                    + (MAX_CLASS_BYTES >> 20) + " MiB");
                        }
                        out.write(buf, 0, r);
                    }
                }
                if (out != null && !found.containsKey(name)) {
                    found.put(name, out.toByteArray());
                }
            }
        }
        // Which of the jar's classes the model already has decides what the jar adds; with a pack of the model not
        // loaded that is unknown, so the jar is not taken until the pack is (nothing of it is added).
        java.util.Set<String> absent = new java.util.TreeSet<>();
        for (ModelPacks m : models) {
            m.absentPacksOf(found.keySet(), absent);
        }
        if (!absent.isEmpty()) {
            throw new MissingPacksException(new ArrayList<>(absent));
        }
        jars++;
        int count = 0;
        for (Map.Entry<String, byte[]> f : found.entrySet()) {
            if (!entries.containsKey(f.getKey()) && inModel(f.getKey()) == null) {
                entries.put(f.getKey(), f.getValue());
                origin.put(f.getKey(), jars);
                count++;
            }
        }
        classpathClasses += count;
        return count;
    }

    private byte[] inModel(String path) {
        for (ModelPacks m : models) {
            byte[] b = m.get(path);
            if (b != null) {
                return b;
            }
        }
        return null;
    }

    public byte[] resource(String path) {
        byte[] b = inModel(path);
        return b != null ? b : entries.get(path);
    }

    /** 0 for the generated model, n for the n-th classpath jar, -1 when absent. */
    public int origin(String path) {
        if (inModel(path) != null) {
            return 0;
        }
        Integer o = origin.get(path);
        return o == null ? -1 : o;
    }

    public byte[] classBytes(String className) {
        return resource(className.replace('.', '/') + ".class");
    }

    public boolean isEmpty() {
        return models.isEmpty() && entries.isEmpty();
    }

    public int modelClasses() {
        return modelClasses;
    }

    public int classpathClasses() {
        return classpathClasses;
    }

    /** Model packs decoded so far (of how many), for the info op: what a session has paid for. */
    public int[] packsDecoded() {
        int decoded = 0;
        int total = 0;
        for (ModelPacks m : models) {
            decoded += m.packsDecoded();
            total += m.packCount();
        }
        return new int[] {decoded, total};
    }

    /**
     * Whether a package ({@code java.util}) has class files in the model or a classpath jar. The model answers from its
     * index, so no pack is inflated to ask.
     */
    public boolean hasPackage(String dottedName) {
        String dir = dottedName.replace('.', '/');
        for (ModelPacks m : models) {
            if (m.hasDir(dir)) {
                return true;
            }
        }
        for (String p : entries.keySet()) {
            if (p.endsWith(".class") && ModelPacks.dirOf(p).equals(dir)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Resource paths directly in one directory ({@code java/util}), from the model (inflating only the pack that
     * holds it) and the jars, sorted. For completion and type search.
     */
    public List<String> resourcesIn(String dir) {
        java.util.TreeSet<String> out = new java.util.TreeSet<>();
        for (ModelPacks m : models) {
            out.addAll(m.list(dir));
        }
        for (String p : entries.keySet()) {
            if (ModelPacks.dirOf(p).equals(dir)) {
                out.add(p);
            }
        }
        return new ArrayList<>(out);
    }
}
