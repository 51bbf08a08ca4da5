package io.groovymcp.engine.query;

/**
 * Thrown by a query running on a dependency-closure compile when its answer turns out to depend on every open
 * buffer (an unbound dynamic call's candidates are the same-named methods anywhere); the op then runs again on the
 * full compile. Nothing a query does before it throws is visible outside the query's caches.
 */
final class NeedsFullCompile extends RuntimeException {
    private static final long serialVersionUID = 1L;

    NeedsFullCompile() {
        super("needs the full compile");
    }
}
