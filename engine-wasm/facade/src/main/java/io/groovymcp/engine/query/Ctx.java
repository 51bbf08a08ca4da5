package io.groovymcp.engine.query;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.groovymcp.engine.op.EngineException;
import io.groovymcp.engine.op.Request;
import io.groovymcp.engine.compile.Compilation;
import io.groovymcp.engine.text.SourceText;

/** A positional request resolved against the current compile: buffer, clamped caret offset and the index. */
final class Ctx {
    final Workspace ws;
    final QueryCache cache;
    final String uri;
    final SourceText st;
    final Compilation compilation;
    final Index index;
    /** UTF-16 offset of the clamped caret. */
    final int offset;
    /** True when the buffer does not parse and the index covers only the text before its first syntax error. */
    final boolean partial;
    /**
     * True for ops that look across every open buffer (references, implementations, rename, completion's class
     * names): they read the full compile. The others read the buffer's dependency closure.
     */
    final boolean wide;

    private Ctx(Workspace ws, String uri, SourceText st, int offset, boolean wide) {
        this.ws = ws;
        this.cache = ws.cache();
        this.uri = uri;
        this.st = st;
        this.offset = offset;
        this.wide = wide;
        this.compilation = wide ? ws.current() : ws.compileFor(uri);
        Index ix = cache.index(compilation, ws::textOrNull);
        boolean part = false;
        if (compilation.unit(uri) == null) {
            Index r = repair();
            if (r != null) {
                ix = r;
                part = true;
            }
        }
        this.index = ix;
        this.partial = part;
    }

    /**
     * A buffer with a syntax error has no AST. Compiling the text before the line of its first error (with the
     * brackets still open there closed) still gives navigation over everything above the error.
     */
    private Index repair() {
        if (cache.hasRepair(compilation, uri)) {
            return cache.repaired();
        }
        int line = -1;
        for (org.codehaus.groovy.control.messages.Message m : compilation.errors()) {
            if (m instanceof org.codehaus.groovy.control.messages.SyntaxErrorMessage
                    && uri.equals(io.groovymcp.engine.compile.MessageSource.uriOf(m))) {
                int l = ((org.codehaus.groovy.control.messages.SyntaxErrorMessage) m).getCause().getStartLine();
                if (l > 0 && (line < 0 || l < line)) {
                    line = l;
                }
            }
        }
        Index r = null;
        // the error is often reported where the parser gave up, below the statement that broke it
        for (int back : new int[] {0, 1, 2, 4, 8}) {
            if (line - back <= 1) {
                break;
            }
            Patched p = Patched.truncated(this, st.compilerOffset(line - back, 1), "");
            if (p.parsed()) {
                r = p.index;
                break;
            }
        }
        cache.repaired(compilation, uri, r);
        return r;
    }

    /** A position in one buffer, answered from that buffer's dependency closure. */
    static Ctx at(Workspace ws, Request r) {
        return at(ws, r, false);
    }

    /** A position whose answer spans every open buffer, answered from the full compile. */
    static Ctx atAll(Workspace ws, Request r) {
        return at(ws, r, true);
    }

    private static Ctx at(Workspace ws, Request r, boolean wide) {
        String uri = r.string("uri");
        SourceText st = ws.text(uri);
        int line = r.integer("line");
        int ch = r.integer("character");
        return new Ctx(ws, uri, st, st.offset(line, ch), wide);
    }

    static Ctx whole(Workspace ws, Request r) {
        String uri = r.string("uri");
        SourceText st = ws.text(uri);
        return new Ctx(ws, uri, st, 0, false);
    }

    static Index index(Workspace ws) {
        return ws.cache().index(ws.current(), ws::textOrNull);
    }

    Occ occ() {
        return index.at(uri, offset);
    }

    static Map<String, Object> range(SourceText st, int start, int end) {
        return SourceText.range(st.position(start), st.position(end));
    }

    /** {uri, range, snippet} of an occurrence: the identifier range and its lines with three lines of context. */
    static Map<String, Object> site(Workspace ws, Occ o) {
        SourceText st = ws.textOrNull(o.uri);
        if (st == null) {
            return null;
        }
        int[] s = st.position(o.start);
        int[] e = st.position(o.end);
        return io.groovymcp.engine.json.Json.obj("uri", o.uri, "range", SourceText.range(s, e),
                "snippet", snippet(st, s[0], e[0]));
    }

    static String snippet(SourceText st, int startLine, int endLine) {
        int from = Math.max(0, startLine - 3);
        int to = Math.min(st.lineCount() - 1, endLine + 3);
        StringBuilder sb = new StringBuilder();
        for (int l = from; l <= to; l++) {
            if (l > from) {
                sb.append('\n');
            }
            sb.append(st.lineText(l));
        }
        return sb.toString();
    }

    static int maxResults(Request r, int dflt) {
        int n = r.optInteger("maxResults", dflt);
        if (n < 0) {
            throw new EngineException(EngineException.Kind.ARGUMENT, "maxResults must be 0 or more, got " + n);
        }
        return n;
    }


}
