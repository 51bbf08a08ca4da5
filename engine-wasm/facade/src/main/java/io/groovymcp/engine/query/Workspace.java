package io.groovymcp.engine.query;

import java.util.List;
import java.util.Map;

import io.groovymcp.engine.compile.Compilation;
import io.groovymcp.engine.text.SourceText;

/**
 * What a query may ask of the engine: the open buffers, their current compile, a private recompile of patched
 * texts, and the caches that live as long as the engine. Queries never see the engine itself.
 */
public interface Workspace {
    /** The open buffer's text; a URI that is not open is a state error ("not open: uri"). */
    SourceText text(String uri);

    /** The open buffer's text, or null. */
    SourceText textOrNull(String uri);

    /** Open buffer URIs in opening order (also the compile order). */
    List<String> openUris();

    /** The compile of every open buffer, redone only when a buffer changed since the last one. */
    Compilation current();

    /**
     * The compile a per-buffer query of {@code uri} answers from: the open buffers its text can reach by naming their
     * classes (transitively), compiled together in opening order; the full compile when that is every buffer.
     * Workspace-wide queries (references, rename, implementations, workspace symbols, completion's class names, lint)
     * use {@link #current()}.
     */
    Compilation compileFor(String uri);

    /** The texts a private recompile of {@code uri} patched to {@code text} needs, in opening order. */
    Map<String, String> closureTexts(String uri, String text);

    /** A compile of these texts with the live class model, kept by nobody (completion and repair use it). */
    Compilation compileDetached(Map<String, String> texts);

    QueryCache cache();

    /**
     * Marks an open buffer as a pipeline script whatever its name (the host's file kind {@code jenkins}), or clears
     * the mark: the next compile gives it the CPS shell's imports, as a Jenkinsfile by name gets them.
     */
    void markPipeline(String uri, boolean pipeline);
}
