package io.groovymcp.engine.query;

import java.util.List;
import java.util.Map;

import io.groovymcp.engine.Engine;
import io.groovymcp.engine.EngineException;
import io.groovymcp.engine.Request;
import io.groovymcp.engine.compile.Compilation;
import io.groovymcp.engine.text.SourceText;

/** Routes the tool queries. Each query lives in its own class in this package. */
public final class Queries {
    private Queries() {
    }

    public static Object dispatch(Engine engine, String op, Request r) {
        switch (op) {
            case "describe":
                return Describe.run(Ctx.at(engine, r));
            case "definition":
                return Definition.run(Ctx.at(engine, r));
            case "implementations":
                return Implementations.run(Ctx.at(engine, r));
            case "references":
                return References.run(Ctx.at(engine, r), Ctx.maxResults(r, 500));
            case "rename":
                return Rename.run(engine, r);
            case "symbols":
                return Symbols.run(engine, r);
            case "complete":
                return Completion.run(Ctx.at(engine, r));
            case "signatures":
                return Signatures.run(Ctx.at(engine, r));
            case "tokens":
                return Tokens.run(Ctx.whole(engine, r), Math.max(0, r.optInteger("startLine", 0)),
                        r.optInteger("endLine", Integer.MAX_VALUE));
            case "format":
                return Formatter.run(engine, r);
            case "organizeImports":
                return OrganizeImports.run(engine, r);
            default:
                throw new EngineException(EngineException.Kind.ARGUMENT, "unknown op: " + op);
        }
    }

    /** "Unused import" hints for one buffer. */
    public static List<Map<String, Object>> unusedImportHints(Compilation c, String uri, SourceText text) {
        return OrganizeImports.hints(c, uri, text);
    }
}
