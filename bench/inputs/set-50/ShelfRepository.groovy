package bench.set

import groovy.transform.CompileStatic

/**
 * Storage for Shelf entities.
 */
@CompileStatic
class ShelfRepository extends BaseRepository<Shelf> {

    ShelfRepository(EventBus events) {
        super(events)
    }

    @Override
    String entityName() {
        'shelf'
    }

    List<Shelf> sortedByName() {
        all().sort(false) { Shelf a, Shelf b -> a.displayName() <=> b.displayName() }
    }

    List<Shelf> matching(String text) {
        String needle = text.toLowerCase()
        where { Shelf e -> e.displayName().toLowerCase().contains(needle) } as List<Shelf>
    }

    Map<Status, List<Shelf>> byStatus() {
        all().groupBy { Shelf e -> e.status }
    }

    Shelf firstOrNull() {
        rows.isEmpty() ? null : rows.values().first()
    }

    int archiveAll(String who) {
        int n = 0
        active().each { Shelf e ->
            e.archive(who)
            n++
        }
        n
    }
}
