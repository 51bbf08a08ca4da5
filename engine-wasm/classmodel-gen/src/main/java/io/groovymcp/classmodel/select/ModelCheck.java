package io.groovymcp.classmodel.select;

import io.groovymcp.classmodel.scope.Origin;
import io.groovymcp.classmodel.scope.Policy;
import io.groovymcp.classmodel.source.Candidate;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Re-reads finished stubs and lists every class name they still mention that the model lacks, mapped to one
 * stub that mentions it. Only generic class signatures (type-parameter bounds, type arguments of supertypes) can
 * legitimately end up here, since members and annotations naming such types were dropped.
 */
public final class ModelCheck {

    private ModelCheck() {
    }

    public static Map<String, String> unresolved(Map<String, byte[]> stubsByInternalName) {
        Map<String, String> missing = new TreeMap<>();
        for (Map.Entry<String, byte[]> e : stubsByInternalName.entrySet()) {
            ClassFacts f = ClassFacts.of(new Candidate(e.getKey(), e.getValue(), Origin.JDK, "stub", Policy.API));
            Set<String> refs = new TreeSet<>(f.required);
            refs.addAll(f.structural);
            refs.addAll(f.memberRefs);
            for (String r : refs) {
                if (!stubsByInternalName.containsKey(r)) {
                    missing.putIfAbsent(r, e.getKey());
                }
            }
        }
        return missing;
    }
}
