package io.groovymcp.engine.wasm;

import org.teavm.jso.JSExport;

import io.groovymcp.engine.Engine;

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

    @JSExport
    public static String addClasspathJar(byte[] bytes) {
        try {
            return "{\"classes\":" + ENGINE.addClasspathJar(bytes) + "}";
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("unreadable jar: " + e.getMessage());
        }
    }

    @JSExport
    public static String handle(String request) {
        return ENGINE.handle(request);
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

    public static void main(String[] args) {
    }
}
