package io.groovymcp.engine.op;

/** A refusal the caller can act on: bad arguments or a state such as an unknown buffer. */
public final class EngineException extends RuntimeException {
    public enum Kind { ARGUMENT, STATE }

    private final Kind kind;

    public EngineException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
