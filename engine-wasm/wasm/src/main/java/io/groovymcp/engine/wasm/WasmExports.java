package io.groovymcp.engine.wasm;

import org.teavm.jso.JSExport;

import java.util.List;

import io.groovymcp.engine.Engine;
import io.groovymcp.engine.classmodel.LibraryHooks;
import io.groovymcp.engine.classmodel.MissingPacksException;
import io.groovymcp.engine.json.Json;

/**
 * The module's exports. Strings and byte arrays cross the boundary; everything else is JSON inside them, so the
 * JVM oracle can call the same {@link Engine#handle} and compare bytes.
 */
public final class WasmExports {
    /** The module's one engine: a wasm instance is one engine, so the exports hold it. */
    private static final Engine ENGINE = new Engine();

    private WasmExports() {
    }

    @JSExport
    public static String loadClassModel(byte[] bytes) {
        try {
            return "{\"classes\":" + ENGINE.loadClassModel(bytes) + "}";
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("unreadable class model: " + e.getMessage());
        }
    }

    /**
     * Loads the class model from a file the host keeps, {@code length} bytes read through {@code file}: the index
     * now, each pack the first time a request needs it. Copying the whole file into the module at load cost more than
     * all the packs a first compile reads (docs/performance.md, "Start-up").
     */
    @JSExport
    public static String loadClassModelFrom(int length, HostFile file) {
        try {
            return "{\"classes\":" + ENGINE.loadClassModel(new io.groovymcp.engine.classmodel.ModelBytes() {
                @Override
                public int length() {
                    return length;
                }

                @Override
                public byte[] read(int offset, int count) throws java.io.IOException {
                    byte[] bytes = file.read(offset, count);
                    if (bytes == null || bytes.length != count) {
                        throw new java.io.IOException("the host gave " + (bytes == null ? "nothing" : bytes.length
                                + " bytes") + " for " + count + " bytes of the class model at " + offset);
                    }
                    return bytes;
                }
            }) + "}";
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("unreadable class model: " + e.getMessage());
        }
    }

    /**
     * Adds one extra pack file of the loaded (core) class model; the engine then forgets everything it cached from
     * the model, as after a classpath change, so no lookup that missed the pack survives.
     */
    @JSExport
    public static String addModelPacks(byte[] bytes) {
        try {
            return "{\"entries\":" + ENGINE.loadClassModel(bytes) + "}";
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("unreadable class model pack: " + e.getMessage());
        }
    }

    @JSExport
    public static String addClasspathJar(byte[] bytes) {
        try {
            return "{\"classes\":" + ENGINE.addClasspathJar(bytes) + "}";
        } catch (MissingPacksException e) {
            return needPacks(e.packs());
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("unreadable jar: " + e.getMessage());
        }
    }

    /**
     * One request. With a core model, a request whose lookups reached a pack that is not loaded is answered
     * {@code needPacks} instead of its result, which may lack classes; the host adds the packs and sends the same
     * request again. Until it has, every request gets the same answer without running, so nothing (an open, a
     * close) happens twice and no answer is computed from the caches of the missed lookups.
     */
    @JSExport
    public static String handle(String request) {
        List<String> wanted = LibraryHooks.wantedPacks();
        if (!wanted.isEmpty()) {
            return needPacks(wanted);
        }
        String answer = ENGINE.handle(request);
        wanted = LibraryHooks.wantedPacks();
        return wanted.isEmpty() ? answer : needPacks(wanted);
    }

    private static String needPacks(List<String> packs) {
        return Json.write(Json.obj("error", Json.obj("kind", "needPacks", "message", "class model packs not loaded",
                "packs", packs)));
    }

    /**
     * The parser's DFA cache budget in entries (DFA states plus cached prediction contexts; 0 leaves it) and
     * its size now, as JSON. A tuning aid: bench/engine-real sweeps it to weigh warm speed against memory.
     */
    @JSExport
    public static String parserCache(int budget) {
        long size = org.apache.groovy.parser.antlr4.internal.atnmanager.AtnManager.parserCacheBudget(budget);
        return "{\"entries\":" + size + "}";
    }

    /**
     * Seeds the parser's DFA from the loaded class model's {@code META-INF/groovymcp/parser/dfa.bin} (docs/engine.md
     * "The parser's DFA, seeded"): {@code {"decisions":D,"states":S}}, zeros when the model has no seed. Call it once,
     * after {@link #loadClassModel}; it changes how fast the parser predicts, never what it answers.
     */
    @JSExport
    public static String seedParser() {
        byte[] seed = ENGINE.modelResource("META-INF/groovymcp/parser/dfa.bin");
        int[] seeded = seed == null ? new int[2]
                : org.apache.groovy.parser.antlr4.internal.atnmanager.AtnManager.seedParser(seed);
        return "{\"decisions\":" + seeded[0] + ",\"states\":" + seeded[1] + "}";
    }

    public static void main(String[] args) {
    }
}
