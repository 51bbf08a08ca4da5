package bench.set

import groovy.transform.CompileStatic

/**
 * Storage for Book entities.
 */
@CompileStatic
class BookRepository extends BaseRepository<Book> {

    BookRepository(EventBus events) {
        super(events)
    }

    @Override
    String entityName() {
        'book'
    }

    List<Book> sortedByName() {
        all().sort(false) { Book a, Book b -> a.displayName() <=> b.displayName() }
    }

    List<Book> matching(String text) {
        String needle = text.toLowerCase()
        where { Book e -> e.displayName().toLowerCase().contains(needle) } as List<Book>
    }

    Map<Status, List<Book>> byStatus() {
        all().groupBy { Book e -> e.status }
    }

    Book firstOrNull() {
        rows.isEmpty() ? null : rows.values().first()
    }

    int archiveAll(String who) {
        int n = 0
        active().each { Book e ->
            e.archive(who)
            n++
        }
        n
    }
}
