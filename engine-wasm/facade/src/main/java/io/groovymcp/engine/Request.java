package io.groovymcp.engine;

import java.util.Map;

/** Typed access to a request's fields, with argument errors that name the field. */
public final class Request {
    private final Map<String, Object> fields;

    Request(Map<String, Object> fields) {
        this.fields = fields;
    }

    public String string(String name) {
        Object v = fields.get(name);
        if (!(v instanceof String)) {
            throw new EngineException(EngineException.Kind.ARGUMENT, "missing or non-string field: " + name);
        }
        return (String) v;
    }

    public String optString(String name) {
        Object v = fields.get(name);
        return v instanceof String ? (String) v : null;
    }

    public int integer(String name) {
        Object v = fields.get(name);
        if (!(v instanceof Number)) {
            throw new EngineException(EngineException.Kind.ARGUMENT, "missing or non-numeric field: " + name);
        }
        return clampInt(((Number) v).doubleValue());
    }

    public int optInteger(String name, int dflt) {
        Object v = fields.get(name);
        return v instanceof Number ? clampInt(((Number) v).doubleValue()) : dflt;
    }

    public Boolean optBoolean(String name) {
        Object v = fields.get(name);
        return v instanceof Boolean ? (Boolean) v : null;
    }

    private static int clampInt(double d) {
        if (d > Integer.MAX_VALUE) {
            return Integer.MAX_VALUE;
        }
        if (d < Integer.MIN_VALUE) {
            return Integer.MIN_VALUE;
        }
        return (int) d;
    }
}
