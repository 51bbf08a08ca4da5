package io.groovymcp.classmodel.source;

import io.groovymcp.classmodel.scope.Origin;
import io.groovymcp.classmodel.scope.Policy;

/**
 * A class file offered to the selection, already known to sit in a covered (non-excluded) package.
 *
 * @param internalName e.g. {@code java/lang/String}
 * @param container    jrt module name or jar file name, for diagnostics only
 */
public record Candidate(String internalName, byte[] bytes, Origin origin, String container, Policy policy) {
}
