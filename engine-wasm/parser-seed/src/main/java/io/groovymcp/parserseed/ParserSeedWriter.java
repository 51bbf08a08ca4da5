package io.groovymcp.parserseed;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;

/**
 * Writes the parser's DFA seed ({@value SeedFormat#ENTRY} of the class model's core pack): Groovy's parser trained on
 * the JVM over public Groovy sources that no bench reads (the sources jars given with {@code --training}), the states
 * common to at least {@code --min-files} of them, checked by {@link SeedCheck} before anything is written. The engine
 * starts with them instead of an empty DFA, which is most of what a first parse costs in wasm
 * (docs/performance.md, "The parser's DFA").
 *
 * <pre>--out FILE --min-files M --training JAR [--training JAR]...</pre>
 */
public final class ParserSeedWriter {
    /** The entry of the class model the engine reads the seed from. */
    public static final String ENTRY = SeedFormat.ENTRY;

    private ParserSeedWriter() {
    }

    /** The seed's bytes and what they hold. */
    public record Seed(byte[] bytes, int files, int lines, int failedFiles, int decisions, int states, int configs,
                       int contexts, int semantics, int edges, int skippedPredicated, int validatedEdges) {
        public String summary() {
            return String.format("parser seed: %d training files (%d lines, %d not parsed in SLL) -> %d decisions, %d"
                            + " states, %d configurations, %d contexts, %d predicates, %d edges (%d checked against"
                            + " the simulator), %d states left out (predicates evaluated in the state, or combined); %d bytes, %d deflated",
                    files, lines, failedFiles, decisions, states, configs, contexts, semantics, edges, validatedEdges,
                    skippedPredicated, bytes.length, deflated(bytes));
        }
    }

    public static Seed build(List<Path> trainingJars, int minFiles) throws IOException {
        List<String> sources = Training.sources(trainingJars);
        if (sources.isEmpty()) {
            throw new IllegalArgumentException("parser seed: no .groovy sources in " + trainingJars);
        }
        Training.Result trained = Training.train(sources);
        SeedSelection selection = new SeedSelection(trained, minFiles);
        SeedSelection.Stats[] stats = new SeedSelection.Stats[1];
        int fingerprint = Training.grammarFingerprint();
        byte[] bytes = selection.write(fingerprint, trained.atn(), stats);
        int validated = SeedCheck.check(bytes, selection, fingerprint);
        SeedSelection.Stats s = stats[0];
        return new Seed(bytes, trained.files(), trained.lines(), trained.failed(), s.decisions(), s.states(),
                s.configs(), s.contexts(), s.semantics(), s.edges(), s.skippedPredicated(), validated);
    }

    static int deflated(byte[] bytes) {
        ByteArrayOutputStream z = new ByteArrayOutputStream();
        try (DeflaterOutputStream d = new DeflaterOutputStream(z, new Deflater(9))) {
            d.write(bytes);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return z.size();
    }

    public static void main(String[] args) throws IOException {
        Path out = null;
        int minFiles = 0;
        List<Path> jars = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--out" -> out = Path.of(args[++i]);
                case "--min-files" -> minFiles = Integer.parseInt(args[++i]);
                case "--training" -> jars.add(Path.of(args[++i]));
                default -> throw new IllegalArgumentException("unknown argument: " + args[i]);
            }
        }
        if (out == null || minFiles < 1 || jars.isEmpty()) {
            throw new IllegalArgumentException("usage: --out FILE --min-files M --training JAR [--training JAR]...");
        }
        Seed seed = build(jars, minFiles);
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.write(out, seed.bytes());
        System.err.println(seed.summary() + " -> " + out);
    }
}
