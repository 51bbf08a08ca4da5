package bench.set

import groovy.transform.CompileStatic

/**
 * Storage for Fine entities.
 */
@CompileStatic
class FineRepository extends BaseRepository<Fine> {

    FineRepository(EventBus events) {
        super(events)
    }

    @Override
    String entityName() {
        'fine'
    }

    List<Fine> sortedByName() {
        all().sort(false) { Fine a, Fine b -> a.displayName() <=> b.displayName() }
    }

    List<Fine> matching(String text) {
        String needle = text.toLowerCase()
        where { Fine e -> e.displayName().toLowerCase().contains(needle) } as List<Fine>
    }

    Map<Status, List<Fine>> byStatus() {
        all().groupBy { Fine e -> e.status }
    }

    Fine firstOrNull() {
        rows.isEmpty() ? null : rows.values().first()
    }

    int archiveAll(String who) {
        int n = 0
        active().each { Fine e ->
            e.archive(who)
            n++
        }
        n
    }
}
