package io.groovymcp.engine.query;

import java.util.LinkedHashMap;
import java.util.Map;

import io.groovymcp.engine.compile.Compilation;
import io.groovymcp.engine.text.SourceText;

/**
 * A private recompile of the open buffers (all of them for a workspace-wide query, else the patched buffer's
 * dependency closure) with one buffer's text patched (a placeholder identifier after a dangling
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
        return compile(ctx, t.substring(0, offset) + insertion + t.substring(offset));
    }

    /**
     * The text up to the caret (plus the insertion), with every bracket still open there closed: an error elsewhere
     * in the buffer then cannot keep the caret's context from compiling.
     */
    static Patched truncated(Ctx ctx, int offset, String insertion) {
        String head = ctx.st.text().substring(0, offset) + insertion;
        StringBuilder closers = new StringBuilder();
        int[] stack = new int[64];
        int sp = 0;
        for (Lexing.Tok tok : ctx.cache.lex(head)) {
            int ty = tok.type;
            if (ty == org.apache.groovy.parser.antlr4.GroovyLexer.LPAREN
                    || ty == org.apache.groovy.parser.antlr4.GroovyLexer.LBRACE
                    || ty == org.apache.groovy.parser.antlr4.GroovyLexer.LBRACK) {
                if (sp < stack.length) {
                    stack[sp] = ty;
                }
                sp++;
            } else if ((ty == org.apache.groovy.parser.antlr4.GroovyLexer.RPAREN
                    || ty == org.apache.groovy.parser.antlr4.GroovyLexer.RBRACE
                    || ty == org.apache.groovy.parser.antlr4.GroovyLexer.RBRACK) && sp > 0) {
                sp--;
            }
        }
        for (int k = Math.min(sp, stack.length) - 1; k >= 0; k--) {
            closers.append(stack[k] == org.apache.groovy.parser.antlr4.GroovyLexer.LPAREN ? ")"
                    : stack[k] == org.apache.groovy.parser.antlr4.GroovyLexer.LBRACK ? "]" : "\n}");
        }
        return compile(ctx, head + closers);
    }

    boolean parsed() {
        return index.compilation.unit(uri) != null;
    }

    private String uri;

    private static Patched compile(Ctx ctx, String patched) {
        Map<String, String> texts;
        if (ctx.wide) {
            texts = new LinkedHashMap<>();
            for (String u : ctx.ws.openUris()) {
                texts.put(u, u.equals(ctx.uri) ? patched : ctx.ws.textOrNull(u).text());
            }
        } else {
            texts = ctx.ws.closureTexts(ctx.uri, patched);
        }
        SourceText pst = new SourceText(patched);
        Compilation c = ctx.ws.compileDetached(texts).partial(texts.size() < ctx.ws.openUris().size());
        Index ix = Index.build(c, u -> u.equals(ctx.uri) ? pst : ctx.ws.textOrNull(u), ctx.cache);
        Patched p = new Patched(pst, ix);
        p.uri = ctx.uri;
        return p;
    }
}
