package io.groovymcp.engine.query;

import java.util.LinkedHashMap;
import java.util.Map;

import io.groovymcp.engine.compile.Compilation;
import io.groovymcp.engine.text.SourceText;

/**
 * A private recompile of all open buffers with one buffer's text patched (a placeholder identifier after a dangling
 * dot, closers after an open call), so that queries at a half-typed position still see the compiler's types. The open
 * buffers and the engine's compile are never touched.
 */
final class Patched {
    static final String PLACEHOLDER = "__gmcp__";

    final SourceText text;
    final Index index;

    private Patched(SourceText text, Index index) {
        this.text = text;
        this.index = index;
    }

    static Patched insert(Ctx ctx, int offset, String insertion) {
        String t = ctx.st.text();
        String patched = t.substring(0, offset) + insertion + t.substring(offset);
        Map<String, String> texts = new LinkedHashMap<>();
        for (String u : ctx.engine.openUris()) {
            texts.put(u, u.equals(ctx.uri) ? patched : ctx.engine.textOrNull(u).text());
        }
        SourceText pst = new SourceText(patched);
        Compilation c = ctx.engine.compileDetached(texts);
        Index ix = Index.build(c, u -> u.equals(ctx.uri) ? pst : ctx.engine.textOrNull(u));
        return new Patched(pst, ix);
    }
}
