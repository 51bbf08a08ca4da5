package io.groovymcp.engine.query;

import java.util.ArrayList;
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
        throw new EngineException(EngineException.Kind.ARGUMENT, "unknown op: " + op);
    }

    /** "Unused import" hints for one buffer (filled in by the imports query). */
    public static List<Map<String, Object>> unusedImportHints(Compilation c, String uri, SourceText text) {
        return new ArrayList<>();
    }
}
