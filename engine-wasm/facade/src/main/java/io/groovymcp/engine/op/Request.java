package io.groovymcp.engine.op;

import java.util.Map;

/** Typed access to a request's fields, with argument errors that name the field. */
public final class Request {
    private final Map<String, Object> fields;

    public Request(Map<String, Object> fields) {
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

    /** An optional whole number of at least 1; anything else present is an argument error naming the field. */
    public Integer optPositive(String name) {
        Object v = fields.get(name);
        if (v == null) {
            return null;
        }
        if (!(v instanceof Number) || ((Number) v).doubleValue() < 1
                || ((Number) v).doubleValue() != Math.floor(((Number) v).doubleValue())) {
            throw new EngineException(EngineException.Kind.ARGUMENT, name + " must be a whole number of at least 1");
        }
        return clampInt(((Number) v).doubleValue());
    }

    /** An optional array of strings; anything else present is an argument error naming the field. */
    public java.util.List<String> optStrings(String name) {
        Object v = fields.get(name);
        if (v == null) {
            return null;
        }
        java.util.List<String> out = new java.util.ArrayList<>();
        if (v instanceof java.util.List) {
            for (Object o : (java.util.List<?>) v) {
                if (!(o instanceof String)) {
                    out = null;
                    break;
                }
                out.add((String) o);
            }
        } else {
            out = null;
        }
        if (out == null) {
            throw new EngineException(EngineException.Kind.ARGUMENT, name + " must be an array of strings");
        }
        return out;
    }

    /** An optional object whose values are all strings; anything else present is an argument error. */
    public Map<String, String> optStringMap(String name) {
        Object v = fields.get(name);
        if (v == null) {
            return null;
        }
        Map<String, String> out = new java.util.LinkedHashMap<>();
        if (v instanceof Map) {
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                if (!(e.getValue() instanceof String)) {
                    throw new EngineException(EngineException.Kind.ARGUMENT, name + "." + e.getKey()
                            + " must be a string");
                }
                out.put(String.valueOf(e.getKey()), (String) e.getValue());
            }
            return out;
        }
        throw new EngineException(EngineException.Kind.ARGUMENT, name + " must be an object");
    }

    /** A field as parsed, for ops that check a nested value themselves. */
    public Object raw(String name) {
        return fields.get(name);
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
