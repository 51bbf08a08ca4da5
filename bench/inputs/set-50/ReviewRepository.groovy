package bench.set

import groovy.transform.CompileStatic

/**
 * Storage for Review entities.
 */
@CompileStatic
class ReviewRepository extends BaseRepository<Review> {

    ReviewRepository(EventBus events) {
        super(events)
    }

    @Override
    String entityName() {
        'review'
    }

    List<Review> sortedByName() {
        all().sort(false) { Review a, Review b -> a.displayName() <=> b.displayName() }
    }

    List<Review> matching(String text) {
        String needle = text.toLowerCase()
        where { Review e -> e.displayName().toLowerCase().contains(needle) } as List<Review>
    }

    Map<Status, List<Review>> byStatus() {
        all().groupBy { Review e -> e.status }
    }

    Review firstOrNull() {
        rows.isEmpty() ? null : rows.values().first()
    }

    int archiveAll(String who) {
        int n = 0
        active().each { Review e ->
            e.archive(who)
            n++
        }
        n
    }
}
