package io.groovymcp.classmodel;

import io.groovymcp.classmodel.output.PackedModel;
import io.groovymcp.classmodel.scope.Coverage;
import io.groovymcp.classmodel.scope.Origin;
import io.groovymcp.classmodel.scope.Placement;
import io.groovymcp.classmodel.select.ModelCheck;
import io.groovymcp.classmodel.select.Selection;
import io.groovymcp.classmodel.source.Candidate;
import io.groovymcp.classmodel.source.GroovyJars;
import io.groovymcp.classmodel.source.JdkClasses;
import io.groovymcp.classmodel.strip.StubStripper;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.SortedMap;
import java.util.TreeMap;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Build-time entry point: writes classmodel.bin (and its split form, classmodel-core.bin and classmodel-packs/),
 * the packs of API stubs that the wasm engine decompiles in place of
 * reflection. Usage:
 *
 * <pre>
 *   ClassModelGenerator --out target/dist/classmodel.bin --groovy-jar groovy-5.0.8.jar [--groovy-jar more.jar]
 *                       [--no-parameter-names] [--report dangling.txt]
 * </pre>
 */
public final class ClassModelGenerator {

    /** Zip entry of the build description (inputs and counts, no timestamps). */
    public static final String INFO_ENTRY = "META-INF/classmodel.properties";
    /** Zip folder holding extension-module descriptors, one file per module name, bytes unchanged. */
    public static final String EXTENSION_MODULES_DIR = "META-INF/groovy-extension-modules/";
    /** The core of the split model, written beside the whole one. */
    public static final String CORE_FILE = "classmodel-core.bin";
    /** The directory (beside the whole model) of the split model's extra packs. */
    public static final String EXTRAS_DIR = "classmodel-packs";
    /**
     * Directories packed alone: the parser seed, read whole at every load, so reading it decodes nothing else. Like
     * every core pack it is written without compression (PackedModel#write).
     */
    static final java.util.Set<String> ALONE_DIRS =
            java.util.Set.of(PackedModel.dirOf(io.groovymcp.parserseed.ParserSeedWriter.ENTRY));

    /** Generator inputs. */
    public record Options(Path out, List<Path> groovyJars, boolean parameterNames, Path report, int packBytes,
                          Map<String, Path> extraEntries) {
        public Options(Path out, List<Path> groovyJars, boolean parameterNames, Path report) {
            this(out, groovyJars, parameterNames, report, PackedModel.DEFAULT_PACK_BYTES, Map.of());
        }
    }

    /**
     * Outcome, also what the tests look at.
     *
     * @param unresolved class names the stubs still mention but the model lacks, each with one stub mentioning it
     */
    public record Result(SortedMap<String, byte[]> entries, PackedModel.Output packed, int classes, long rawBytes,
                         StubStripper.Stats stats, Selection selection, Map<String, String> unresolved) {
        /** The classmodel.bin bytes. */
        public byte[] bin() {
            return packed.bytes();
        }
    }

    private ClassModelGenerator() {
    }

    public static void main(String[] args) throws IOException {
        Options options = parse(args);
        Result r = generate(options);
        Files.createDirectories(options.out().toAbsolutePath().getParent());
        Files.write(options.out(), r.bin());
        // The split form of the same model, for hosts that download it (the playground): the core beside the whole
        // file, the extra packs in a directory of their own, which is emptied first so no pack of an older build
        // survives.
        Path dir = options.out().toAbsolutePath().getParent();
        Files.write(dir.resolve(CORE_FILE), r.packed().core());
        Path extras = dir.resolve(EXTRAS_DIR);
        if (Files.isDirectory(extras)) {
            try (var old = Files.list(extras)) {
                for (Path f : (Iterable<Path>) old::iterator) {
                    Files.delete(f);
                }
            }
        }
        Files.createDirectories(extras);
        for (Map.Entry<String, byte[]> e : r.packed().extras().entrySet()) {
            Files.write(extras.resolve(e.getKey()), e.getValue());
        }
        if (options.report() != null) {
            Files.write(options.report(), report(r).getBytes(StandardCharsets.UTF_8));
        }
        long extraBytes = r.packed().extras().values().stream().mapToLong(b -> b.length).sum();
        System.err.printf("classmodel: %d classes, %d raw bytes, %d bytes in %d packs (%d members, %d annotations,"
                        + " %d classes cut for naming types outside the model; %d names still unresolved) -> %s;"
                        + " core %d bytes, %d extra packs %d bytes%n",
                r.classes(), r.rawBytes(), r.bin().length, r.packed().packs().size(), r.stats().droppedMembers, r.stats().droppedAnnotations,
                r.selection().pruned().size(), r.unresolved().size(), options.out(), r.packed().core().length,
                r.packed().extras().size(), extraBytes);
    }

    /** Audit listing for --report: what was cut and why, and what the stubs still cannot resolve. */
    static String report(Result r) {
        StringBuilder sb = new StringBuilder();
        sb.append("# classes dropped because a supertype/enclosing class is outside the model\n");
        r.selection().pruned().forEach(n -> sb.append("pruned ").append(n).append('\n'));
        sb.append("# types named by exposed members of kept classes but not in the model (those members dropped)\n");
        r.selection().dangling().forEach(n -> sb.append("cut ").append(n).append('\n'));
        sb.append("# packs: name, core or extra, raw bytes, deflated bytes, entries, directories\n");
        for (PackedModel.PackInfo p : r.packed().packs()) {
            sb.append("pack ").append(p.name()).append(p.core() ? " core " : " extra ").append(p.raw()).append(' ').append(p.deflated()).append(' ').append(p.entries())
                    .append(' ').append(String.join(",", p.dirs())).append('\n');
        }
        sb.append("# types still named by stubs (generic signatures) but not in the model: name <- one user\n");
        r.unresolved().forEach((n, user) -> sb.append("unresolved ").append(n).append(" <- ").append(user)
                .append('\n'));
        return sb.toString();
    }

    static Options parse(String[] args) {
        Path out = null;
        Path report = null;
        List<Path> jars = new ArrayList<>();
        boolean names = true;
        int packBytes = PackedModel.DEFAULT_PACK_BYTES;
        Map<String, Path> extraEntries = new TreeMap<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--out" -> out = Path.of(args[++i]);
                case "--groovy-jar" -> jars.add(Path.of(args[++i]));
                case "--report" -> report = Path.of(args[++i]);
                case "--no-parameter-names" -> names = false;
                case "--pack-bytes" -> packBytes = Integer.parseInt(args[++i]);
                case "--entry" -> {
                    // build-time data made by another step (the parser's DFA seed): NAME=FILE, under META-INF/groovymcp/
                    String[] kv = args[++i].split("=", 2);
                    if (kv.length != 2 || !kv[0].startsWith("META-INF/groovymcp/")) {
                        throw new IllegalArgumentException("--entry wants META-INF/groovymcp/NAME=FILE: " + args[i]);
                    }
                    extraEntries.put(kv[0], Path.of(kv[1]));
                }
                default -> throw new IllegalArgumentException("unknown argument: " + args[i]);
            }
        }
        if (out == null || jars.isEmpty()) {
            throw new IllegalArgumentException("usage: --out FILE --groovy-jar JAR [--groovy-jar JAR]..."
                    + " [--no-parameter-names] [--report FILE] [--entry META-INF/groovymcp/NAME=FILE]...");
        }
        return new Options(out, jars, names, report, packBytes, extraEntries);
    }

    public static Result generate(Options options) {
        List<Candidate> candidates = new ArrayList<>(JdkClasses.load(Coverage.jdkModules()));
        GroovyJars.Contents groovy = GroovyJars.load(options.groovyJars());
        candidates.addAll(groovy.classes());

        Selection selection = Selection.compute(candidates);
        StubStripper.Stats stats = new StubStripper.Stats();
        SortedMap<String, byte[]> entries = new TreeMap<>();
        Map<String, byte[]> stubs = new TreeMap<>();
        long raw = 0;
        int jdk = 0;
        for (String name : selection.selected()) {
            byte[] stub = StubStripper.strip(selection.facts(name).candidate.bytes(),
                    selection.selected()::contains, options.parameterNames(), stats,
                    selection.facts(name).candidate.origin());
            // Fail the build rather than ship a stub the engine cannot read.
            new ClassReader(stub).accept(new ClassVisitor(Opcodes.ASM9) {
            }, 0);
            entries.put(name + ".class", stub);
            stubs.put(name, stub);
            raw += stub.length;
            if (selection.facts(name).candidate.origin() == Origin.JDK) {
                jdk++;
            }
        }
        int classes = entries.size();

        try {
            byte[] collectors = io.groovymcp.classmodel.collectors.CollectorData.extract(options.groovyJars());
            entries.put(io.groovymcp.classmodel.collectors.CollectorData.ENTRY, collectors);
            raw += collectors.length;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }

        for (Map.Entry<String, Path> e : options.extraEntries().entrySet()) {
            try {
                byte[] data = Files.readAllBytes(e.getValue());
                if (entries.put(e.getKey(), data) != null) {
                    throw new IllegalStateException("two entries named " + e.getKey());
                }
                raw += data.length;
            } catch (IOException x) {
                throw new UncheckedIOException(x);
            }
        }

        for (GroovyJars.Descriptor d : groovy.descriptors()) {
            String module = moduleName(d);
            byte[] previous = entries.put(EXTENSION_MODULES_DIR + module, d.bytes());
            if (previous != null) {
                throw new IllegalStateException("two extension modules named " + module);
            }
            raw += d.bytes().length;
        }
        byte[] info = info(options, classes, jdk, groovy.descriptors().size());
        entries.put(INFO_ENTRY, info);
        raw += info.length;
        return new Result(entries, PackedModel.write(entries, options.packBytes(), Placement::extraPrefix,
                ALONE_DIRS::contains, true), classes, raw, stats, selection,
                ModelCheck.unresolved(stubs));
    }

    private static String moduleName(GroovyJars.Descriptor d) {
        Properties p = new Properties();
        try {
            p.load(new ByteArrayInputStream(d.bytes()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String name = p.getProperty("moduleName");
        if (name == null || name.isBlank() || name.contains("/")) {
            throw new IllegalStateException("extension descriptor without usable moduleName in " + d.jar());
        }
        return name.trim();
    }

    /** Hand-written rather than Properties.store, which would put the current date into the output. */
    private static byte[] info(Options options, int classes, int jdkClasses, int extensionModules) {
        Map<String, String> kv = new TreeMap<>();
        kv.put("format", Integer.toString(PackedModel.FORMAT));
        kv.put("classes", Integer.toString(classes));
        kv.put("classes.jdk", Integer.toString(jdkClasses));
        kv.put("classes.groovy", Integer.toString(classes - jdkClasses));
        kv.put("extensionModules", Integer.toString(extensionModules));
        kv.put("jdk.version", System.getProperty("java.version"));
        kv.put("jdk.vendor", System.getProperty("java.vendor"));
        kv.put("parameterNames", Boolean.toString(options.parameterNames()));
        List<String> jars = new ArrayList<>();
        for (Path j : options.groovyJars()) {
            jars.add(j.getFileName().toString());
        }
        kv.put("groovy.jars", String.join(",", jars));
        kv.put("jdk.modules", String.join(",", Coverage.jdkModules()));
        StringBuilder sb = new StringBuilder("# groovymcp class model, see docs/engine-classmodel.md\n");
        kv.forEach((k, v) -> sb.append(k).append('=').append(v).append('\n'));
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }
}
