package bench.set

import groovy.transform.CompileStatic

/**
 * Storage for Loan entities.
 */
@CompileStatic
class LoanRepository extends BaseRepository<Loan> {

    LoanRepository(EventBus events) {
        super(events)
    }

    @Override
    String entityName() {
        'loan'
    }

    List<Loan> sortedByName() {
        all().sort(false) { Loan a, Loan b -> a.displayName() <=> b.displayName() }
    }

    List<Loan> matching(String text) {
        String needle = text.toLowerCase()
        where { Loan e -> e.displayName().toLowerCase().contains(needle) } as List<Loan>
    }

    Map<Status, List<Loan>> byStatus() {
        all().groupBy { Loan e -> e.status }
    }

    Loan firstOrNull() {
        rows.isEmpty() ? null : rows.values().first()
    }

    int archiveAll(String who) {
        int n = 0
        active().each { Loan e ->
            e.archive(who)
            n++
        }
        n
    }
}
