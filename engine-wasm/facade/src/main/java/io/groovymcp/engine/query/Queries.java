package io.groovymcp.engine.query;

import io.groovymcp.engine.op.OpTable;

/** The query ops, each in its own class in this package, registered in the engine's one op table. */
public final class Queries {
    private Queries() {
    }

    /** "Unused import" hints of one buffer ({range, severity, message, code}), as diagnostics shows them. */
    public static java.util.List<java.util.Map<String, Object>> unusedImports(Workspace ws, String uri) {
        return OrganizeImports.hints(ws.cache(), ws.current(), uri, ws.text(uri));
    }

    /** The answer from the buffer's closure compile, or from the full compile when it needs every buffer. */
    private static Object closureFirst(java.util.function.Supplier<Object> closure,
                                       java.util.function.Supplier<Object> full) {
        try {
            return closure.get();
        } catch (NeedsFullCompile e) {
            return full.get();
        }
    }

    public static void register(OpTable ops, Workspace ws, Diagnostics.Pipelines pipelines) {
        ops.add("diagnostics", r -> Diagnostics.run(ws, r, pipelines))
                .add("describe", r -> closureFirst(() -> Describe.run(Ctx.at(ws, r)), () -> Describe.run(Ctx.atAll(ws, r))))
                .add("definition", r -> closureFirst(() -> Definition.run(Ctx.at(ws, r)),
                        () -> Definition.run(Ctx.atAll(ws, r))))
                .add("implementations", r -> Implementations.run(Ctx.atAll(ws, r)))
                .add("references", r -> References.run(Ctx.atAll(ws, r), Ctx.maxResults(r, 500)))
                .add("rename", r -> Rename.run(ws, r))
                .add("symbols", r -> Symbols.run(ws, r))
                .add("complete", r -> Completion.run(Ctx.atAll(ws, r)))
                .add("signatures", r -> closureFirst(() -> Signatures.run(Ctx.at(ws, r)),
                        () -> Signatures.run(Ctx.atAll(ws, r))))
                .add("tokens", r -> Tokens.run(Ctx.whole(ws, r), Math.max(0, r.optInteger("startLine", 0)),
                        r.optInteger("endLine", Integer.MAX_VALUE)))
                .add("format", r -> Formatter.run(ws, r))
                .add("organizeImports", r -> OrganizeImports.run(ws, r))
                .add("ast", r -> AstView.run(ws, r));
    }
}
