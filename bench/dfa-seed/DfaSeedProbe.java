// bench/dfa-seed: would a parser DFA seeded at build time pay? (issue 10, session 10; docs/engine-performance.md
// "Session 10 (helper seed)"). Parses a training corpus with stock Groovy on the JVM (the grammar and simulator the
// engine runs), counting for every DFA state how many training files reach it; then, for each threshold m, copies
// the SLL states reached by >= m files (and only the edges between them) into a fresh ATN through ANTLR's own
// addDFAState, checks every copied state against the original (configurations, hash, flags, prediction, predicates)
// and every copied context against its original, and parses each target once with an empty DFA and once with the
// copy: ATN-simulation time and execATN calls per target, the identical parse tree (it throws otherwise), and the
// seed's size as varints, raw and deflated. With -Drebuild=1 it only times the copies (what loading a seed through
// addDFAState would cost); with -Drebuild=1 -Dctxonly=1 only the copies of the prediction contexts. -Dvalidate=1
// checks the copy against the simulator instead: every edge, run again from its seeded source state, must come back
// to the seeded target instance, and every start state must equal a fresh one; -Dmutate=1 breaks
// one edge first, to show that the check can fail.
//
//   java -Xmx6g -cp <groovy-5.0.8.jar> bench/dfa-seed/DfaSeedProbe.java <corpus.tsv> <targets.tsv> 2,4,8,16
//
// Both lists hold one path per line (a tab and anything after it is ignored, so bench:real's lists work as targets).
// The session-10 corpus was held out from bench:real: test/fixtures/**/*.groovy plus the .groovy files of the
// sources jars of groovy-console, -groovysh, -swing, -jmx, -docgenerator, -cli-picocli (5.0.7), -ginq and
// -typecheckers (5.0.6), fetched with `mvn dependency:get -Dartifact=org.apache.groovy:<module>:<v>:jar:sources`.
import groovyjarjarantlr4.v4.runtime.*;
import groovyjarjarantlr4.v4.runtime.atn.*;
import groovyjarjarantlr4.v4.runtime.dfa.*;
import groovyjarjarantlr4.v4.runtime.misc.*;
import org.apache.groovy.parser.antlr4.*;
import java.io.*;
import java.nio.file.*;
import java.util.*;
import java.util.zip.*;

public class DfaSeedProbe {
    static final IdentityHashMap<DFAState, int[]> visits = new IdentityHashMap<>(); // {files, lastFile}
    static int fileNo;
    static void visit(DFAState s) { if (s == null || s == ATNSimulator.ERROR) return; int[] v = visits.computeIfAbsent(s, k -> new int[] {0, -1}); if (v[1] != fileNo) { v[1] = fileNo; v[0]++; } }
    static long atnNs; static int atnCalls; static int depth;
    static class Sim extends ParserATNSimulator {
        final boolean counting;
        Sim(Parser p, ATN atn, boolean counting) { super(p, atn); this.counting = counting; enable_global_context_dfa = true; }
        @Override protected DFAState getExistingTargetState(DFAState s, int t) { DFAState r = super.getExistingTargetState(s, t); if (counting) visit(r); return r; }
        @Override protected DFAState addDFAEdge(DFA dfa, DFAState from, int t, IntegerList ctx, ATNConfigSet to, PredictionContextCache cache) { DFAState r = super.addDFAEdge(dfa, from, t, ctx, to, cache); if (counting) visit(r); return r; }
        @Override protected int execATN(DFA dfa, TokenStream input, int startIndex, SimulatorState initialState) {
            if (depth++ > 0) { try { return super.execATN(dfa, input, startIndex, initialState); } finally { depth--; } }
            long t = System.nanoTime();
            try { return super.execATN(dfa, input, startIndex, initialState); } finally { depth--; atnNs += System.nanoTime() - t; atnCalls++; }
        }
        DFAState add(DFA dfa, ATNConfigSet configs) { return addDFAState(dfa, configs, new PredictionContextCache()); }
        DFAState target(DFA dfa, DFAState s, int t) { return computeTargetState(dfa, s, ParserRuleContext.emptyContext(), t, false, new PredictionContextCache()).getItem1(); }
        DFAState start(DFA dfa) { return computeStartState(dfa, ParserRuleContext.emptyContext(), false).s0; }
    }
    static String parse(String text, ATN atn, boolean counting) {
        GroovyLangLexer lexer = new GroovyLangLexer(CharStreams.fromString(text));
        CommonTokenStream ts = new CommonTokenStream(lexer);
        GroovyLangParser parser = new GroovyLangParser(ts);
        parser.setInterpreter(new Sim(parser, atn, counting));
        parser.removeErrorListeners(); lexer.removeErrorListeners();
        parser.setErrorHandler(new BailErrorStrategy());
        try { parser.getInterpreter().setPredictionMode(PredictionMode.SLL); return parser.compilationUnit().toStringTree(parser); }
        catch (Throwable t) {
            if (t instanceof GroovySyntaxError && ((GroovySyntaxError) t).getSource() == GroovySyntaxError.LEXER) return "lexer error";
            ts.seek(0); parser.reset(); parser.setErrorHandler(new DefaultErrorStrategy());
            parser.getInterpreter().setPredictionMode(PredictionMode.LL);
            try { return "LL " + parser.compilationUnit().toStringTree(parser); } catch (Throwable t2) { return "error " + t2; }
        }
    }
    static ATN fresh() { return new ATNDeserializer().deserialize(GroovyParser._serializedATN.toCharArray()); }

    // ---- copy with selection, writing a varint stream to size the seed ----
    static ByteArrayOutputStream out; static boolean FAST;
    static void u(long v) { while ((v & ~0x7FL) != 0) { out.write((int) ((v & 0x7F) | 0x80)); v >>>= 7; } out.write((int) v); }
    static void s(int v) { u((v << 1) ^ (v >> 31)); }
    static IdentityHashMap<PredictionContext, PredictionContext> ctxMap;
    static IdentityHashMap<PredictionContext, Integer> ctxIds;
    static ByteArrayOutputStream ctxOut;
    static PredictionContext copyCtx(PredictionContext c) {
        if (c == PredictionContext.EMPTY_LOCAL || c == PredictionContext.EMPTY_FULL) return c;
        PredictionContext done = ctxMap.get(c); if (done != null) return done;
        PredictionContext r = null;
        PredictionContext[] ps = new PredictionContext[c.size()];
        for (int i = 0; i < c.size(); i++) ps[i] = copyCtx(c.getParent(i));
        ByteArrayOutputStream keep = out; out = ctxOut;
        u(c.size());
        for (int i = 0; i < c.size(); i++) {
            PredictionContext child = ps[i].getChild(c.getReturnState(i));
            r = r == null ? child : PredictionContext.join(r, child);
            u(ps[i] == PredictionContext.EMPTY_LOCAL ? 0 : ps[i] == PredictionContext.EMPTY_FULL ? 1 : ctxIds.get(ps[i])); u(c.getReturnState(i));
        }
        out = keep;
        if (!FAST && (!r.equals(c) || r.hashCode() != c.hashCode())) throw new IllegalStateException("context copy differs");
        ctxMap.put(c, r); ctxIds.put(r, ctxIds.size() + 2);
        return r;
    }
    static long[] copy(ATN from, ATN to, int minFiles) {
        out = new ByteArrayOutputStream(); ctxOut = new ByteArrayOutputStream(); ctxMap = new IdentityHashMap<>(); ctxIds = new IdentityHashMap<>();
        Sim sim = new Sim(null, to, false);
        long states = 0, configs = 0;
        for (DFA d : from.decisionToDFA) {
            DFA nd = to.decisionToDFA[d.decision];
            List<DFAState> starts = new ArrayList<>(); List<Integer> precs = new ArrayList<>();
            if (d.isPrecedenceDfa()) { for (Map.Entry<Integer, DFAState> e : d.s0.get().getEdgeMap().entrySet()) { starts.add(e.getValue()); precs.add(e.getKey()); } }
            else if (d.s0.get() != null) { starts.add(d.s0.get()); precs.add(-1); }
            IdentityHashMap<DFAState, DFAState> map = new IdentityHashMap<>();
            ArrayDeque<DFAState> work = new ArrayDeque<>();
            for (DFAState st : starts) if (!map.containsKey(st)) { map.put(st, null); work.add(st); }
            List<DFAState> order = new ArrayList<>();
            while (!work.isEmpty()) {
                DFAState st = work.poll(); order.add(st);
                for (DFAState t : st.getEdgeMap().values()) {
                    if (t == ATNSimulator.ERROR || map.containsKey(t)) continue;
                    int[] v = visits.get(t); if (v == null || v[0] < minFiles) continue;
                    map.put(t, null); work.add(t);
                }
            }
            for (DFAState st : order) {
                ATNConfigSet cs = new ATNConfigSet();
                u(st.configs.size());
                for (ATNConfig c : st.configs) {
                    ATNConfig n = ATNConfig.create(to.states.get(c.getState().stateNumber), c.getAlt(), copyCtx(c.getContext()), c.getSemanticContext());
                    if (c.getOuterContextDepth() != 0) n.setOuterContextDepth(c.getOuterContextDepth());
                    if (c.isPrecedenceFilterSuppressed()) n.setPrecedenceFilterSuppressed(true);
                    cs.add(n);
                    u(c.getState().stateNumber); u(c.getAlt()); u(ctxIds.getOrDefault(ctxMap.getOrDefault(c.getContext(), c.getContext()), c.getContext() == PredictionContext.EMPTY_LOCAL ? 0 : 1)); u(c.getOuterContextDepth());
                }
                if (st.configs.getConflictInfo() != null) cs.setConflictInfo(st.configs.getConflictInfo());
                DFAState ns = sim.add(nd, cs);
                if (!FAST && !ns.configs.equals(st.configs) || ns.configs.hashCode() != st.configs.hashCode() || ns.getPrediction() != st.getPrediction()
                        || (ns.predicates == null) != (st.predicates == null) || ns.configs.getUniqueAlt() != st.configs.getUniqueAlt()
                        || ns.configs.hasSemanticContext() != st.configs.hasSemanticContext() || ns.configs.getDipsIntoOuterContext() != st.configs.getDipsIntoOuterContext())
                    throw new IllegalStateException("state copy differs in decision " + d.decision);
                map.put(st, ns); states++; configs += st.configs.size();
            }
            IdentityHashMap<DFAState, Integer> index = new IdentityHashMap<>();
            for (int i = 0; i < order.size(); i++) index.put(order.get(i), i);
            for (DFAState st : order) {
                Map<Integer, DFAState> edges = st.getEdgeMap();
                int kept = 0; for (DFAState t : edges.values()) if (t == ATNSimulator.ERROR || map.get(t) != null) kept++;
                u(kept);
                for (Map.Entry<Integer, DFAState> e : edges.entrySet()) {
                    DFAState t = e.getValue();
                    DFAState nt = t == ATNSimulator.ERROR ? ATNSimulator.ERROR : map.get(t);
                    if (nt == null) continue;
                    map.get(st).setTarget(e.getKey(), nt); s(e.getKey()); u(t == ATNSimulator.ERROR ? 0 : index.get(t) + 1);
                }
            }
            for (int i = 0; i < starts.size(); i++) {
                if (precs.get(i) < 0) nd.s0.set(map.get(starts.get(i))); else nd.setPrecedenceStartState(precs.get(i), false, map.get(starts.get(i)));
            }
        }
        byte[] all = out.toByteArray(); byte[] ctx = ctxOut.toByteArray();
        ByteArrayOutputStream z = new ByteArrayOutputStream();
        try (DeflaterOutputStream dz = new DeflaterOutputStream(z, new Deflater(9))) { dz.write(ctx); dz.write(all); } catch (IOException e) { throw new UncheckedIOException(e); }
        return new long[] {states, configs, ctxIds.size(), ctx.length + all.length, z.size()};
    }
    static long entries(ATN atn) { long n = atn.getContextCacheSize(); for (DFA d : atn.decisionToDFA) n += d.states.size(); return n; }
    static List<String> read(String listFile) throws Exception {
        List<String> out = new ArrayList<>();
        for (String l : Files.readAllLines(Paths.get(listFile))) if (!l.isBlank()) out.add(Files.readString(Paths.get(l.split("\t")[0])));
        return out;
    }
    public static void main(String[] a) throws Exception {
        List<String> corpus = read(a[0]); List<String> targets = read(a[1]);
        int[] mins = Arrays.stream(a[2].split(",")).mapToInt(Integer::parseInt).toArray();
        for (int r = 0; r < 2; r++) { ATN w = fresh(); for (String s : corpus) parse(s, w, false); } // JIT
        ATN trained = fresh();
        for (String s : corpus) { fileNo++; parse(s, trained, true); }
        System.out.println("trained entries=" + entries(trained) + " visited states=" + visits.size());
        if (System.getProperty("validate") != null) {
            // Validity independent of training: the simulator, run from each seeded state on each seeded edge's
            // symbol, must find exactly the seeded target (by equality in DFA.states); each seeded start state
            // must equal the one it computes in an empty DFA. -Dmutate=1 points one edge at another state first.
            for (int m : mins) {
                ATN seeded = fresh(); copy(trained, seeded, m);
                GroovyLangParser p = new GroovyLangParser(new CommonTokenStream(new GroovyLangLexer(CharStreams.fromString(""))));
                Sim sim = new Sim(p, seeded, false); p.setInterpreter(sim);
                Sim other = new Sim(p, fresh(), false);
                int edges = 0, wrong = 0, starts = 0, wrongStarts = 0; boolean mutated = System.getProperty("mutate") == null;
                for (DFA d : seeded.decisionToDFA) {
                    // A precedence DFA's states below each precedence start state were computed at that precedence
                    // (closure evaluates precedence predicates against the parser's), so each is checked under the
                    // precedence of the start state it was reached from.
                    Map<Integer, DFAState> roots = new LinkedHashMap<>();
                    if (d.isPrecedenceDfa()) roots.putAll(d.s0.get().getEdgeMap()); else if (d.s0.get() != null) roots.put(-1, d.s0.get());
                    IdentityHashMap<DFAState, Boolean> checked = new IdentityHashMap<>();
                    List<DFAState> all = new ArrayList<>(d.states.keySet());
                    for (Map.Entry<Integer, DFAState> root : roots.entrySet()) {
                        ParserRuleContext outer = new ParserRuleContext();
                        if (root.getKey() >= 0) p.enterRecursionRule(outer, d.atnStartState.stateNumber, d.atnStartState.ruleIndex, root.getKey());
                        starts++;
                        DFA fresh = other.atn.decisionToDFA[d.decision];
                        if (!other.start(fresh).configs.equals(root.getValue().configs)) wrongStarts++;
                        ArrayDeque<DFAState> work = new ArrayDeque<>(List.of(root.getValue()));
                        while (!work.isEmpty()) {
                            DFAState st = work.poll();
                            if (checked.put(st, true) != null) continue;
                            for (Map.Entry<Integer, DFAState> e : st.getEdgeMap().entrySet()) {
                                DFAState expected = e.getValue();
                                if (!mutated && expected != ATNSimulator.ERROR && all.size() > 2) {
                                    for (DFAState o : all) if (o != expected && o != st) { st.setTarget(e.getKey(), o); expected = o; break; }
                                    mutated = true;
                                }
                                edges++;
                                if (sim.target(d, st, e.getKey()) != expected) wrong++;
                                if (expected != ATNSimulator.ERROR) work.add(expected);
                            }
                        }
                        if (root.getKey() >= 0) p.unrollRecursionContexts(null);
                    }
                }
                System.out.printf("validate min %d: %d edges, %d not what the simulator computes; %d start states (one per precedence of a precedence DFA), %d differ from a fresh one%n", m, edges, wrong, starts, wrongStarts);
            }
            return;
        }
        if (System.getProperty("rebuild") != null) {
            FAST = true;
            if (System.getProperty("ctxonly") != null) {
                for (int m : mins) for (int k = 0; k < 6; k++) {
                    copy(trained, fresh(), m); // to learn which contexts the seed holds
                    List<PredictionContext> ctxs = new ArrayList<>(ctxMap.keySet());
                    ctxMap = new IdentityHashMap<>(); ctxIds = new IdentityHashMap<>(); ctxOut = new ByteArrayOutputStream();
                    ATN t = fresh(); long c0 = System.nanoTime();
                    for (PredictionContext c : ctxs) t.getCachedContext(copyCtx(c));
                    System.out.printf("contexts only, min %d: %.1f ms (%d contexts)%n", m, (System.nanoTime() - c0) / 1e6, ctxs.size());
                }
                return;
            }
            for (int m : mins) for (int k = 0; k < 6; k++) { ATN seeded = fresh(); long c0 = System.nanoTime(); long[] sz = copy(trained, seeded, m); System.out.printf("rebuild min %d: %.1f ms (%d states, %d configs)%n", m, (System.nanoTime() - c0) / 1e6, sz[0], sz[1]); }
            return;
        }
        for (int round = 0; round < 1; round++) {
            StringBuilder cold = new StringBuilder("cold      ");
            List<String> trees = new ArrayList<>();
            for (String t : targets) { ATN e = fresh(); atnNs = 0; atnCalls = 0; trees.add(parse(t, e, false)); cold.append(String.format(" %6.1fms/%4d", atnNs / 1e6, atnCalls)); }
            System.out.println(cold);
            for (int m : mins) {
                StringBuilder row = new StringBuilder(String.format("min %3d   ", m));
                long[] size = null; long copyNs = 0;
                for (String t : targets) {
                    ATN seeded = fresh(); long c0 = System.nanoTime(); size = copy(trained, seeded, m); copyNs += System.nanoTime() - c0;
                    atnNs = 0; atnCalls = 0; if (!parse(t, seeded, false).equals(trees.get(targets.indexOf(t)))) throw new IllegalStateException("parse tree differs"); row.append(String.format(" %6.1fms/%4d", atnNs / 1e6, atnCalls));
                }
                System.out.println(row + String.format("  | states=%d configs=%d contexts=%d raw=%dKB deflated=%dKB copy=%.0fms", size[0], size[1], size[2], size[3] / 1024, size[4] / 1024, copyNs / 1e6 / targets.size()));
            }
        }
    }
}
