package groovyjarjarantlr4.v4.runtime.atn;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.apache.groovy.parser.antlr4.GroovyParser;
import org.codehaus.groovy.control.CompilationUnit;
import org.codehaus.groovy.control.CompilerConfiguration;
import org.codehaus.groovy.control.Phases;

import groovyjarjarantlr4.v4.runtime.dfa.DFA;
import groovyjarjarantlr4.v4.runtime.dfa.DFAState;

/**
 * The DFA the stock parser builds on the JVM from the parity corpus, which the DFA patches' tests compare their
 * classes against: every state's configuration set, in the parser's decision order. Built once per test JVM (the
 * parser's DFA is static, so a second parse of the corpus would only find it warm).
 */
final class CorpusDfa {
    private static List<ATNConfigSet> sets;

    private CorpusDfa() {
    }

    static synchronized List<ATNConfigSet> configSets() throws IOException {
        if (sets == null) {
            Path corpus = Paths.get("../../test/fixtures/corpus");
            List<Path> files;
            try (Stream<Path> s = Files.list(corpus)) {
                files = s.filter(p -> p.toString().endsWith(".groovy")).sorted().collect(Collectors.toList());
            }
            // the parse that fills the DFA runs before any transform; @Grab's would load Ivy, not on this class path
            CompilerConfiguration config = new CompilerConfiguration();
            config.setDisabledGlobalASTTransformations(Collections.singleton("groovy.grape.GrabAnnotationTransformation"));
            for (Path f : files) {
                CompilationUnit cu = new CompilationUnit(config);
                cu.addSource(f.getFileName().toString(), new String(Files.readAllBytes(f), "UTF-8"));
                try {
                    cu.compile(Phases.CONVERSION);
                } catch (RuntimeException e) {
                    // broken fixtures still feed the DFA up to their error
                }
            }
            List<ATNConfigSet> all = new ArrayList<>();
            for (DFA dfa : GroovyParser._ATN.decisionToDFA) {
                for (DFAState s : dfa.states.keySet()) {
                    all.add(s.configs);
                }
            }
            sets = Collections.unmodifiableList(all);
        }
        return sets;
    }
}
