package io.groovymcp.engine.op;

/** One engine operation: a request's fields in, a JSON-ready result out; refusals throw {@link EngineException}. */
@FunctionalInterface
public interface Op {
    Object run(Request request);
}
