package bench.set

import groovy.transform.CompileStatic

/**
 * Storage for Reservation entities.
 */
@CompileStatic
class ReservationRepository extends BaseRepository<Reservation> {

    ReservationRepository(EventBus events) {
        super(events)
    }

    @Override
    String entityName() {
        'reservation'
    }

    List<Reservation> sortedByName() {
        all().sort(false) { Reservation a, Reservation b -> a.displayName() <=> b.displayName() }
    }

    List<Reservation> matching(String text) {
        String needle = text.toLowerCase()
        where { Reservation e -> e.displayName().toLowerCase().contains(needle) } as List<Reservation>
    }

    Map<Status, List<Reservation>> byStatus() {
        all().groupBy { Reservation e -> e.status }
    }

    Reservation firstOrNull() {
        rows.isEmpty() ? null : rows.values().first()
    }

    int archiveAll(String who) {
        int n = 0
        active().each { Reservation e ->
            e.archive(who)
            n++
        }
        n
    }
}
