package io.groovymcp.engine.wasm;

import org.teavm.jso.JSExport;

import io.groovymcp.engine.Engine;

/**
 * The module's exports. Strings and byte arrays cross the boundary; everything else is JSON inside them, so the
 * JVM oracle can call the same {@link Engine#handle} and compare bytes.
 */
public final class WasmExports {
    private WasmExports() {
    }

    @JSExport
    public static String loadClassModel(byte[] bytes) {
        try {
            return "{\"classes\":" + Engine.shared().loadClassModel(bytes) + "}";
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("unreadable class model: " + e.getMessage());
        }
    }

    @JSExport
    public static String addClasspathJar(byte[] bytes) {
        try {
            return "{\"classes\":" + Engine.shared().addClasspathJar(bytes) + "}";
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("unreadable jar: " + e.getMessage());
        }
    }

    @JSExport
    public static String handle(String request) {
        return Engine.shared().handle(request);
    }

    public static void main(String[] args) {
    }
}
