package bench.set

import groovy.transform.CompileStatic

/**
 * Storage for Author entities.
 */
@CompileStatic
class AuthorRepository extends BaseRepository<Author> {

    AuthorRepository(EventBus events) {
        super(events)
    }

    @Override
    String entityName() {
        'author'
    }

    List<Author> sortedByName() {
        all().sort(false) { Author a, Author b -> a.displayName() <=> b.displayName() }
    }

    List<Author> matching(String text) {
        String needle = text.toLowerCase()
        where { Author e -> e.displayName().toLowerCase().contains(needle) } as List<Author>
    }

    Map<Status, List<Author>> byStatus() {
        all().groupBy { Author e -> e.status }
    }

    Author firstOrNull() {
        rows.isEmpty() ? null : rows.values().first()
    }

    int archiveAll(String who) {
        int n = 0
        active().each { Author e ->
            e.archive(who)
            n++
        }
        n
    }
}
