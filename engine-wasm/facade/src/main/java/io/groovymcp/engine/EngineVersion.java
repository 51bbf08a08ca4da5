package io.groovymcp.engine;

/**
 * The pinned Groovy version. GroovySystem reads it from a jar resource at run time, which the wasm build does not
 * carry; a JVM test checks this constant against GroovySystem so the two cannot drift apart.
 */
public final class EngineVersion {
    public static final String GROOVY = "5.0.8";

    private EngineVersion() {
    }
}
