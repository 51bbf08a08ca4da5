// bench/dfa-shape: what the parser's warm DFA is made of, counted on the JVM with the stock parser (the counts do not
// depend on the runtime; their cost in bytes does, see docs/engine.md "shared int arrays"). Parses real files in the
// order of bench:real's all.tsv until the DFA's states plus cached prediction contexts (what the engine's budget
// counts) pass the given number, then prints: states, configurations, edges; contexts by kind; how many distinct
// return-state lists the array contexts hold; and how many distinct configuration-code and context lists the states
// hold (the arrays SharedIntArrays shares, and one it does not).
//
//   java -cp "$(ls ~/.m2/repository/org/apache/groovy/groovy/5.0.8/groovy-5.0.8.jar)" \
//     bench/dfa-shape/DfaShape.java bench/.cache/engine-real/all.tsv [entries 487000]
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

import org.apache.groovy.parser.antlr4.GroovyParser;
import org.codehaus.groovy.control.CompilationUnit;
import org.codehaus.groovy.control.CompilerConfiguration;
import org.codehaus.groovy.control.Phases;

import groovyjarjarantlr4.v4.runtime.atn.ATN;
import groovyjarjarantlr4.v4.runtime.atn.ATNConfig;
import groovyjarjarantlr4.v4.runtime.atn.ArrayPredictionContext;
import groovyjarjarantlr4.v4.runtime.atn.PredictionContext;
import groovyjarjarantlr4.v4.runtime.atn.SingletonPredictionContext;
import groovyjarjarantlr4.v4.runtime.dfa.DFA;
import groovyjarjarantlr4.v4.runtime.dfa.DFAState;

public class DfaShape {
    static long entries(ATN atn) {
        long n = atn.getContextCacheSize();
        for (DFA d : atn.decisionToDFA) {
            n += d.states.size();
        }
        return n;
    }

    public static void main(String[] args) throws Exception {
        List<String> lines = Files.readAllLines(Paths.get(args[0]));
        long target = args.length > 1 ? Long.parseLong(args[1]) : 487_000;
        ATN atn = GroovyParser._ATN;
        int files = 0;
        for (String line : lines) {
            if (line.isEmpty()) {
                continue;
            }
            String path = line.split("\t")[0];
            CompilationUnit cu = new CompilationUnit(new CompilerConfiguration());
            cu.addSource(path, new String(Files.readAllBytes(Paths.get(path)), StandardCharsets.UTF_8));
            try {
                cu.compile(Phases.CONVERSION);
            } catch (RuntimeException e) {
                // a file the parser rejects still feeds the DFA up to its error
            }
            files++;
            if (entries(atn) >= target) {
                break;
            }
        }
        long states = 0;
        long configs = 0;
        long edges = 0;
        Set<String> codeLists = new HashSet<>();
        Set<String> contextLists = new HashSet<>();
        long configsInSharedCodes = 0;
        Set<PredictionContext> contexts = Collections.newSetFromMap(new IdentityHashMap<>());
        for (DFA d : atn.decisionToDFA) {
            for (DFAState s : d.states.values()) {
                states++;
                configs += s.configs.size();
                edges += s.getEdgeMap().size();
                StringBuilder codes = new StringBuilder();
                StringBuilder refs = new StringBuilder();
                for (ATNConfig c : s.configs) {
                    codes.append(c.getState().stateNumber).append(':').append(c.getAlt()).append(':')
                            .append(c.getOuterContextDepth()).append(c.isPrecedenceFilterSuppressed() ? "p," : ",");
                    refs.append(System.identityHashCode(c.getContext())).append(',');
                    contexts.add(c.getContext());
                }
                if (!codeLists.add(codes.toString())) {
                    configsInSharedCodes += s.configs.size();
                }
                contextLists.add(refs.toString());
            }
        }
        Deque<PredictionContext> work = new ArrayDeque<>(contexts);
        while (!work.isEmpty()) {
            PredictionContext p = work.pop();
            for (int i = 0; i < p.size(); i++) {
                PredictionContext parent = p.getParent(i);
                if (parent != null && contexts.add(parent)) {
                    work.push(parent);
                }
            }
        }
        long singletons = 0;
        long arrays = 0;
        long arraySlots = 0;
        Set<String> returnStateLists = new HashSet<>();
        for (PredictionContext p : contexts) {
            if (p instanceof SingletonPredictionContext) {
                singletons++;
            } else if (p instanceof ArrayPredictionContext) {
                arrays++;
                arraySlots += p.size();
                returnStateLists.add(Arrays.toString(((ArrayPredictionContext) p).returnStates));
            }
        }
        System.out.printf("files parsed: %,d; DFA entries (states + cached contexts): %,d%n", files, entries(atn));
        System.out.printf("states: %,d; configurations: %,d (%.1f a state); edges: %,d%n", states, configs,
                configs / (double) Math.max(1, states), edges);
        System.out.printf("configuration-code lists: %,d distinct (%,d configurations in a list another state has"
                + " too); context lists: %,d distinct%n", codeLists.size(), configsInSharedCodes, contextLists.size());
        System.out.printf("contexts reachable: %,d (singleton %,d, array %,d with %,d slots); return-state lists of the"
                + " array contexts: %,d distinct%n", contexts.size(), singletons, arrays, arraySlots,
                returnStateLists.size());
    }
}
