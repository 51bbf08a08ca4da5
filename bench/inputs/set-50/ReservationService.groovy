package bench.set

import groovy.transform.CompileStatic

/**
 * Application service for Reservation entities.
 */
@CompileStatic
class ReservationService {
    final ReservationRepository repository
    final ReservationMapper mapper = new ReservationMapper()
    final LoanService loanService
    private final List<String> log = []

    ReservationService(ReservationRepository repository, LoanService loanService) {
        this.repository = repository
        this.loanService = loanService
    }

    Reservation register(Reservation e, String who) {
        e.touch(who, java.time.Instant.now())
        log.add("register ${e.displayName()}".toString())
        repository.save(e)
    }

    Reservation update(long id, String who, Closure<?> change) {
        Reservation e = repository.get(id)
        change.call(e)
        e.touch(who, java.time.Instant.now())
        log.add("update ${e.ref()}".toString())
        repository.save(e)
    }

    List<Map> export() {
        mapper.toMaps(repository.all())
    }

    List<String> problems() {
        repository.all().collectMany { Reservation e -> e.validate().problems }
    }

    Map<String, Integer> overview() {
        [
            reservations: repository.count(),
            loans  : loanService.repository.count(),
        ]
    }

    List<String> getLog() {
        Collections.unmodifiableList(log)
    }
}
