package bench.set

import groovy.transform.CompileStatic

/**
 * Storage for Branch entities.
 */
@CompileStatic
class BranchRepository extends BaseRepository<Branch> {

    BranchRepository(EventBus events) {
        super(events)
    }

    @Override
    String entityName() {
        'branch'
    }

    List<Branch> sortedByName() {
        all().sort(false) { Branch a, Branch b -> a.displayName() <=> b.displayName() }
    }

    List<Branch> matching(String text) {
        String needle = text.toLowerCase()
        where { Branch e -> e.displayName().toLowerCase().contains(needle) } as List<Branch>
    }

    Map<Status, List<Branch>> byStatus() {
        all().groupBy { Branch e -> e.status }
    }

    Branch firstOrNull() {
        rows.isEmpty() ? null : rows.values().first()
    }

    int archiveAll(String who) {
        int n = 0
        active().each { Branch e ->
            e.archive(who)
            n++
        }
        n
    }
}
