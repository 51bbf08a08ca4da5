// bench/dfa-census: what the parser's warm ANTLR cache is made of, object by object, and what it would cost in the
// engine's heap. Parses files with stock Groovy on the JVM (the same parser and grammar the engine runs), then walks
// every object reachable from the parser's and the lexer's DFA and context cache and prices each twice: the JVM's
// layout (compressed oops, 12-byte header) and the layout TeaVM's WasmGC backend gives it under V8 without pointer
// compression (Node's builds): a 16-byte V8 header, TeaVM's vtable and monitor fields, 8-byte references, and a Java
// array as a struct wrapping a wasm array. JDK collections are priced as TeaVM's classlib implements them, since the
// engine never runs the JDK's.
//
//   java --add-opens java.base/java.util=ALL-UNNAMED --add-opens java.base/java.util.concurrent=ALL-UNNAMED \
//     --add-opens java.base/java.util.concurrent.atomic=ALL-UNNAMED -cp <groovy.jar> bench/dfa-census/DfaCensus.java <list.tsv> [files] [packed]
//
// "packed" prices the cache as the engine holds it since session 9 (teavm-patches PackedConfigSet: a DFA state's
// configurations as one int and one context reference each; CompactContextCache: the context cache as one
// open-addressed array), so the two tables show what the patches removed and what is left.
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.*;
import java.util.concurrent.ConcurrentHashMap;

import org.codehaus.groovy.control.CompilationUnit;
import org.codehaus.groovy.control.CompilerConfiguration;
import org.codehaus.groovy.control.Phases;

public class DfaCensus {
    static final class Tally {
        long count, jvm, wasm, elems;
    }

    final Map<String, Tally> tallies = new TreeMap<>();
    final IdentityHashMap<Object, Boolean> seen = new IdentityHashMap<>();
    final ArrayDeque<Object> work = new ArrayDeque<>();
    final Map<Class<?>, List<Field>> fieldCache = new HashMap<>();
    static boolean packed;

    static boolean shared(Object o) {
        String n = o.getClass().getName();
        // the grammar itself and the singletons the cache points at: not part of what a clear releases
        return n.startsWith("groovyjarjarantlr4.v4.runtime.atn.") && (n.endsWith("State") || n.endsWith("Transition")
                || n.contains("SemanticContext") || n.endsWith("EmptyPredictionContext") || n.endsWith(".ATN")
                || n.contains("LexerAction") && !n.endsWith("Executor"))
                || n.endsWith("EmptyEdgeMap") || o instanceof Class || o instanceof String
                || n.startsWith("groovyjarjarantlr4.v4.runtime.dfa.DFA") && !n.contains("DFAState");
    }

    void push(Object o) {
        if (o != null && !seen.containsKey(o) && !shared(o)) {
            seen.put(o, Boolean.TRUE);
            work.add(o);
        }
    }

    void add(String key, long jvm, long wasm, long elems) {
        Tally t = tallies.computeIfAbsent(key, k -> new Tally());
        t.count++;
        t.jvm += jvm;
        t.wasm += wasm;
        t.elems += elems;
    }

    static long align8(long n) {
        return (n + 7) & ~7L;
    }

    static int jvmSize(Class<?> t) {
        if (!t.isPrimitive()) return 4;
        if (t == long.class || t == double.class) return 8;
        if (t == int.class || t == float.class) return 4;
        if (t == short.class || t == char.class) return 2;
        return 1;
    }

    static int wasmSize(Class<?> t) {
        return t.isPrimitive() ? jvmSize(t) : 8;
    }

    static long jvmArray(Class<?> c, int n) {
        return align8(16 + (long) jvmSize(c) * n);
    }

    /** TeaVM: a struct {vt, monitor, data} (16 + 24) plus the wasm array (24-byte header). */
    static long wasmArray(Class<?> c, int n) {
        return 40 + align8(24 + (long) wasmSize(c) * n);
    }

    static long wasmObject(int fieldBytes) {
        return align8(16 + 16 + fieldBytes);
    }

    List<Field> fields(Class<?> c) {
        return fieldCache.computeIfAbsent(c, k -> {
            List<Field> out = new ArrayList<>();
            for (Class<?> x = k; x != null && x != Object.class; x = x.getSuperclass()) {
                for (Field f : x.getDeclaredFields()) {
                    if (!Modifier.isStatic(f.getModifiers())) {
                        f.setAccessible(true);
                        out.add(f);
                    }
                }
            }
            return out;
        });
    }

    static Object get(Object o, String name) throws Exception {
        for (Class<?> x = o.getClass(); x != null; x = x.getSuperclass()) {
            try {
                Field f = x.getDeclaredField(name);
                f.setAccessible(true);
                return f.get(o);
            } catch (NoSuchFieldException e) {
                // a superclass declares it
            }
        }
        throw new NoSuchFieldException(name);
    }

    /** Power-of-two capacity TeaVM's hash maps reach for n entries at load factor 0.75, starting from 16. */
    static int teavmCapacity(int n) {
        int cap = 16;
        while (n > (int) (cap * 0.75f)) cap <<= 1;
        return cap;
    }

    void visit(Object o, String owner) throws Exception {
        Class<?> c = o.getClass();
        String name = c.getName().replace("groovyjarjarantlr4.v4.runtime.", "");
        if (c.isArray()) {
            int n = Array.getLength(o);
            Class<?> ct = c.getComponentType();
            add(ct.getSimpleName() + "[] (in " + owner + ")", jvmArray(ct, n), wasmArray(ct, n), n);
            if (!ct.isPrimitive()) for (int i = 0; i < n; i++) push(Array.get(o, i));
            return;
        }
        if (packed && o instanceof groovyjarjarantlr4.v4.runtime.atn.ATNConfigSet
                && ((groovyjarjarantlr4.v4.runtime.atn.ATNConfigSet) o).isReadOnly()
                && o.getClass() == groovyjarjarantlr4.v4.runtime.atn.ATNConfigSet.class) {
            groovyjarjarantlr4.v4.runtime.atn.ATNConfigSet set = (groovyjarjarantlr4.v4.runtime.atn.ATNConfigSet) o;
            int n = set.size();
            // PackedConfigSet: the superclass's fields (4 refs, 2 ints, 3 flags), its own (5 refs, 2 ints, 4 flags),
            // the superclass's empty list, int[n], PredictionContext[n]
            long wasm = wasmObject(4 * 8 + 2 * 4 + 3 + 5 * 8 + 2 * 4 + 4) + wasmObject(4 + 8 + 4) + wasmArray(Object.class, 0)
                    + wasmArray(int.class, n) + wasmArray(Object.class, n);
            add("PackedConfigSet (in " + owner + "), with its arrays", 0, wasm, n);
            for (groovyjarjarantlr4.v4.runtime.atn.ATNConfig config : set) {
                push(config.getContext());
            }
            push(set.getConflictInfo());
            return;
        }
        if (packed && o instanceof ConcurrentHashMap && owner.equals("ATN.contextCache")) {
            int n = ((Map<?, ?>) o).size();
            int cap = 64;
            while (4L * n > 3L * cap) cap <<= 1;
            add("CompactContextCache (in " + owner + ")", 0, wasmObject(8 + 4) + wasmArray(Object.class, cap), n);
            return;
        }
        if (o instanceof ConcurrentHashMap || o instanceof HashMap) {
            Map<?, ?> m = (Map<?, ?>) o;
            int n = m.size();
            // JVM: the map, its table, a 32-byte node per entry (HashMap's node is the same size)
            Object[] table = (Object[]) get(o, "table");
            long jvm = 64 + (table == null ? 0 : jvmArray(Object.class, table.length)) + 32L * n;
            // TeaVM: the map object, its entry table, a HashEntry {key, value, hash, next, removed} per entry
            int cap = teavmCapacity(n);
            long wasm = wasmObject(7 * 8) + wasmArray(Object.class, cap) + wasmObject(8 + 8 + 4 + 8 + 1) * (long) n;
            add(c.getSimpleName() + " (in " + owner + ")", jvm, wasm, n);
            for (Map.Entry<?, ?> e : m.entrySet()) {
                push(e.getKey());
                push(e.getValue());
            }
            return;
        }
        if (o instanceof ArrayList) {
            ArrayList<?> l = (ArrayList<?>) o;
            Object[] data = (Object[]) get(o, "elementData");
            // TeaVM's clone and copy constructor size the array to the list; ANTLR's read-only config lists are clones
            add("ArrayList (in " + owner + ")", 24 + jvmArray(Object.class, data.length),
                    wasmObject(4 + 8 + 4) + wasmArray(Object.class, data.length), l.size());
            for (Object e : l) push(e);
            return;
        }
        if (o instanceof BitSet) {
            long[] words = (long[]) get(o, "words");
            add("BitSet (in " + owner + ")", 24 + jvmArray(long.class, words.length),
                    wasmObject(8 + 4) + wasmArray(int.class, words.length * 2), 1);
            return;
        }
        if (o instanceof java.util.concurrent.atomic.AtomicReferenceArray) {
            Object[] a = (Object[]) get(o, "array");
            add("AtomicReferenceArray (in " + owner + ")", 16 + jvmArray(Object.class, a.length),
                    wasmObject(8) + wasmArray(Object.class, a.length), a.length);
            for (Object e : a) push(e);
            return;
        }
        if (o instanceof java.util.concurrent.atomic.AtomicInteger || o instanceof java.util.concurrent.atomic.AtomicReference) {
            add(c.getSimpleName() + " (in " + owner + ")", 16, wasmObject(8), 1);
            if (o instanceof java.util.concurrent.atomic.AtomicReference) push(((java.util.concurrent.atomic.AtomicReference<?>) o).get());
            return;
        }
        if (c.getName().startsWith("java.")) {
            add("other JDK " + c.getName() + " (in " + owner + ")", 16, wasmObject(8), 1);
            return;
        }
        int jvmBytes = 12;
        int wasmBytes = 0;
        for (Field f : fields(c)) {
            jvmBytes += jvmSize(f.getType());
            wasmBytes += wasmSize(f.getType());
            if (!f.getType().isPrimitive()) {
                Object v = f.get(o);
                if (v != null && !shared(v) && !seen.containsKey(v)) {
                    seen.put(v, Boolean.TRUE);
                    work.addFirst(new Object[] {v, c.getSimpleName() + "." + f.getName()});
                }
            }
        }
        add(name, align8(jvmBytes), wasmObject(wasmBytes), 1);
    }

    void drain() throws Exception {
        while (!work.isEmpty()) {
            Object o = work.poll();
            if (o instanceof Object[] && ((Object[]) o).length == 2 && ((Object[]) o)[1] instanceof String
                    && ((Object[]) o)[0] != null && !(((Object[]) o)[0] instanceof String)) {
                Object[] p = (Object[]) o;
                visit(p[0], (String) p[1]);
            } else {
                visit(o, "?");
            }
        }
    }

    void print(String title) {
        long tj = 0, tw = 0;
        for (Tally t : tallies.values()) {
            tj += t.jvm;
            tw += t.wasm;
        }
        System.out.printf("%n### %s: JVM %.1f MB, wasm (modelled) %.1f MB%n%n", title, tj / 1e6, tw / 1e6);
        System.out.println("| objects | count | elements | JVM MB | wasm MB | wasm B/object |\n|---|---:|---:|---:|---:|---:|");
        tallies.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue().wasm, a.getValue().wasm)).limit(40)
                .forEach(e -> {
                    Tally t = e.getValue();
                    System.out.printf("| %s | %,d | %,d | %.1f | %.1f | %d |%n", e.getKey(), t.count, t.elems, t.jvm / 1e6,
                            t.wasm / 1e6, t.wasm / Math.max(1, t.count));
                });
    }

    public static void main(String[] args) throws Exception {
        List<String> lines = Files.readAllLines(Path.of(args[0]));
        int limit = args.length > 1 ? Integer.parseInt(args[1]) : lines.size();
        packed = args.length > 2 && args[2].equals("packed");
        long s = System.nanoTime();
        int n = 0;
        for (String line : lines.subList(0, Math.min(limit, lines.size()))) {
            String[] p = line.split("\t");
            CompilationUnit cu = new CompilationUnit(new CompilerConfiguration());
            cu.addSource(p[1].replaceAll("[^A-Za-z0-9]", "_") + ".groovy", Files.readString(Path.of(p[0])));
            try {
                cu.compile(Phases.CONVERSION);
            } catch (Exception e) {
                // a file that does not parse alone still feeds the DFA up to its error
            }
            n++;
        }
        System.out.printf("## dfa-census: %d files parsed in %.1f s (stock Groovy on the JVM)%n", n, (System.nanoTime() - s) / 1e9);
        Object parser = Class.forName("org.apache.groovy.parser.antlr4.internal.atnmanager.ParserAtnManager").getField("INSTANCE").get(null);
        Object lexer = Class.forName("org.apache.groovy.parser.antlr4.internal.atnmanager.LexerAtnManager").getField("INSTANCE").get(null);
        for (Object[] which : new Object[][] {{"parser", parser}, {"lexer", lexer}}) {
            groovyjarjarantlr4.v4.runtime.atn.ATN atn = (groovyjarjarantlr4.v4.runtime.atn.ATN) which[1].getClass()
                    .getMethod("getATN").invoke(which[1]);
            DfaCensus c = new DfaCensus();
            long states = 0;
            for (groovyjarjarantlr4.v4.runtime.dfa.DFA dfa : atn.decisionToDFA) {
                states += dfa.states.size();
                c.push(new Object[] {dfa.states, "DFA.states"});
                c.push(new Object[] {dfa.s0.get(), "DFA.s0"});
                c.push(new Object[] {dfa.s0full.get(), "DFA.s0full"});
            }
            for (groovyjarjarantlr4.v4.runtime.dfa.DFA dfa : atn.modeToDFA) {
                if (dfa == null) continue;
                states += dfa.states.size();
                c.push(new Object[] {dfa.states, "DFA.states"});
            }
            // the work queue holds {object, owner} pairs; unwrap the roots
            List<Object> roots = new ArrayList<>(c.work);
            c.work.clear();
            c.seen.clear();
            for (Object r : roots) {
                Object[] p = (Object[]) r;
                if (p[0] != null && !c.seen.containsKey(p[0])) {
                    c.seen.put(p[0], Boolean.TRUE);
                    c.work.add(p);
                }
            }
            c.drain();
            long reachable = c.tallies.entrySet().stream().filter(e -> e.getKey().contains("PredictionContext") && !e.getKey().contains("[]"))
                    .mapToLong(e -> e.getValue().count).sum();
            c.print(which[0] + ": reachable from the DFA (" + states + " states, " + reachable + " prediction contexts)");
            Object cache = get(atn, "contextCache");
            DfaCensus k = new DfaCensus();
            k.seen.putAll(c.seen);
            k.seen.remove(cache);
            k.work.add(new Object[] {cache, "ATN.contextCache"});
            k.drain();
            k.print(which[0] + ": the context cache (" + ((Map<?, ?>) cache).size() + " entries) beyond what the DFA reaches");
        }
    }
}
