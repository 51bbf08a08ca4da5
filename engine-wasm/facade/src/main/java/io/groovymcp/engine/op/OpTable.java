package io.groovymcp.engine.op;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The engine's one operation table. Every op, from {@code open} to {@code lint}, is looked up here and run the same
 * way, so every op refuses an unknown buffer or a bad field with the same error kinds.
 */
public final class OpTable {
    private final Map<String, Op> ops = new LinkedHashMap<>();

    public OpTable add(String name, Op op) {
        if (ops.put(name, op) != null) {
            throw new IllegalStateException("op registered twice: " + name);
        }
        return this;
    }

    public Object run(String name, Request request) {
        Op op = ops.get(name);
        if (op == null) {
            throw new EngineException(EngineException.Kind.ARGUMENT, "unknown op: " + name);
        }
        return op.run(request);
    }
}
