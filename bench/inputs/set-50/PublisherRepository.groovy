package bench.set

import groovy.transform.CompileStatic

/**
 * Storage for Publisher entities.
 */
@CompileStatic
class PublisherRepository extends BaseRepository<Publisher> {

    PublisherRepository(EventBus events) {
        super(events)
    }

    @Override
    String entityName() {
        'publisher'
    }

    List<Publisher> sortedByName() {
        all().sort(false) { Publisher a, Publisher b -> a.displayName() <=> b.displayName() }
    }

    List<Publisher> matching(String text) {
        String needle = text.toLowerCase()
        where { Publisher e -> e.displayName().toLowerCase().contains(needle) } as List<Publisher>
    }

    Map<Status, List<Publisher>> byStatus() {
        all().groupBy { Publisher e -> e.status }
    }

    Publisher firstOrNull() {
        rows.isEmpty() ? null : rows.values().first()
    }

    int archiveAll(String who) {
        int n = 0
        active().each { Publisher e ->
            e.archive(who)
            n++
        }
        n
    }
}
