package io.groovymcp.parserseed;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import groovyjarjarantlr4.v4.runtime.BailErrorStrategy;
import groovyjarjarantlr4.v4.runtime.CharStreams;
import groovyjarjarantlr4.v4.runtime.CommonTokenStream;
import groovyjarjarantlr4.v4.runtime.Parser;
import groovyjarjarantlr4.v4.runtime.atn.ATN;
import groovyjarjarantlr4.v4.runtime.atn.ATNConfigSet;
import groovyjarjarantlr4.v4.runtime.atn.ATNDeserializer;
import groovyjarjarantlr4.v4.runtime.atn.ATNSimulator;
import groovyjarjarantlr4.v4.runtime.atn.ParserATNSimulator;
import groovyjarjarantlr4.v4.runtime.atn.PredictionContextCache;
import groovyjarjarantlr4.v4.runtime.atn.PredictionMode;
import groovyjarjarantlr4.v4.runtime.dfa.DFA;
import groovyjarjarantlr4.v4.runtime.dfa.DFAState;
import groovyjarjarantlr4.v4.runtime.misc.IntegerList;
import org.apache.groovy.parser.antlr4.GroovyLangLexer;
import org.apache.groovy.parser.antlr4.GroovyLangParser;
import org.apache.groovy.parser.antlr4.GroovyParser;

/**
 * Groovy's own parser, run on the JVM over a training corpus in SLL mode only, with a count of the files that reached
 * each DFA state. SLL only, because that is the stage every parse starts with and the only one whose states carry no
 * outer context: the LL stage (after a syntax error) marks states context sensitive, which a seed leaves to the
 * engine to learn.
 */
final class Training {
    /** A fresh copy of the grammar's ATN: state numbers are fixed by the serialized form, so any copy is the same. */
    static ATN freshAtn() {
        return new ATNDeserializer().deserialize(GroovyParser._serializedATN.toCharArray());
    }

    /** What identifies the grammar: a seed trained on another one is refused by the engine. */
    static int grammarFingerprint() {
        return GroovyParser._serializedATN.hashCode();
    }

    /** The parser's simulator, counting for each DFA state the distinct files that reached it. */
    static final class CountingSimulator extends ParserATNSimulator {
        private final Map<DFAState, int[]> visits;
        private int file;

        CountingSimulator(Parser parser, ATN atn, Map<DFAState, int[]> visits) {
            super(parser, atn);
            this.visits = visits;
        }

        void startFile(int file) {
            this.file = file;
        }

        private void visit(DFAState s) {
            if (s == null || s == ATNSimulator.ERROR) {
                return;
            }
            int[] v = visits.computeIfAbsent(s, k -> new int[] {0, -1});
            if (v[1] != file) {
                v[1] = file;
                v[0]++;
            }
        }

        @Override
        protected DFAState getExistingTargetState(DFAState s, int t) {
            DFAState target = super.getExistingTargetState(s, t);
            visit(target);
            return target;
        }

        @Override
        protected DFAState addDFAEdge(DFA dfa, DFAState from, int t, IntegerList contextTransitions,
                ATNConfigSet to, PredictionContextCache cache) {
            DFAState target = super.addDFAEdge(dfa, from, t, contextTransitions, to, cache);
            visit(target);
            return target;
        }
    }

    /** The trained ATN and, per DFA state, how many training files reached it. */
    record Result(ATN atn, Map<DFAState, int[]> visits, int files, int lines, int failed) {
        int filesReaching(DFAState s) {
            int[] v = visits.get(s);
            return v == null ? 0 : v[0];
        }
    }

    private Training() {
    }

    /** The .groovy entries of the given jars, in a fixed order (jar, then entry name), so the seed is reproducible. */
    static List<String> sources(List<Path> jars) throws IOException {
        List<String> out = new ArrayList<>();
        for (Path jar : jars) {
            Map<String, String> texts = new TreeMap<>();
            try (ZipFile z = new ZipFile(jar.toFile())) {
                for (ZipEntry e : Collections.list(z.entries())) {
                    if (!e.isDirectory() && e.getName().endsWith(".groovy")) {
                        texts.put(e.getName(), new String(z.getInputStream(e).readAllBytes(), StandardCharsets.UTF_8));
                    }
                }
            }
            out.addAll(texts.values());
        }
        return out;
    }

    static Result train(List<String> sources) {
        ATN atn = freshAtn();
        Map<DFAState, int[]> visits = new IdentityHashMap<>();
        int file = 0;
        int lines = 0;
        int failed = 0;
        for (String text : sources) {
            file++;
            lines += text.split("\n", -1).length;
            GroovyLangLexer lexer = new GroovyLangLexer(CharStreams.fromString(text));
            lexer.removeErrorListeners();
            GroovyLangParser parser = new GroovyLangParser(new CommonTokenStream(lexer));
            parser.removeErrorListeners();
            CountingSimulator sim = new CountingSimulator(parser, atn, visits);
            sim.startFile(file);
            sim.setPredictionMode(PredictionMode.SLL);
            parser.setInterpreter(sim);
            parser.setErrorHandler(new BailErrorStrategy());
            try {
                parser.compilationUnit();
            } catch (RuntimeException e) {
                // A file SLL cannot parse (a syntax error, or one that needs full context): what it added up to the
                // failure is valid SLL DFA, and nothing of the LL stage is learnt.
                failed++;
            }
        }
        return new Result(atn, visits, file, lines, failed);
    }
}
