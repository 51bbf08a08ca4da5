package bench.set

import groovy.transform.CompileStatic

/**
 * Anything with a stable numeric identity inside the bench domain.
 */
@CompileStatic
interface Identifiable {
    long getId()

    void setId(long id)

    default boolean isPersisted() {
        getId() > 0
    }

    default String ref() {
        "${getClass().simpleName}#${getId()}".toString()
    }
}

/**
 * Helper methods that work on any Identifiable.
 */
@CompileStatic
final class Identities {
    private Identities() {}

    static Map<Long, Identifiable> index(Collection<? extends Identifiable> items) {
        Map<Long, Identifiable> out = new LinkedHashMap<>()
        for (Identifiable i : items) {
            out.put(i.id, i)
        }
        out
    }

    static List<Long> ids(Collection<? extends Identifiable> items) {
        items.collect { Identifiable i -> i.id }
    }

    static boolean sameIdentity(Identifiable a, Identifiable b) {
        a != null && b != null && a.getClass() == b.getClass() && a.id == b.id
    }

    static long maxId(Collection<? extends Identifiable> items) {
        long max = 0
        for (Identifiable i : items) {
            max = Math.max(max, i.id)
        }
        max
    }
}
