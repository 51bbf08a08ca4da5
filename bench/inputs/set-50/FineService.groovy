package bench.set

import groovy.transform.CompileStatic

/**
 * Application service for Fine entities.
 */
@CompileStatic
class FineService {
    final FineRepository repository
    final FineMapper mapper = new FineMapper()
    final LoanService loanService
    private final List<String> log = []

    FineService(FineRepository repository, LoanService loanService) {
        this.repository = repository
        this.loanService = loanService
    }

    Fine register(Fine e, String who) {
        e.touch(who, java.time.Instant.now())
        log.add("register ${e.displayName()}".toString())
        repository.save(e)
    }

    Fine update(long id, String who, Closure<?> change) {
        Fine e = repository.get(id)
        change.call(e)
        e.touch(who, java.time.Instant.now())
        log.add("update ${e.ref()}".toString())
        repository.save(e)
    }

    List<Map> export() {
        mapper.toMaps(repository.all())
    }

    List<String> problems() {
        repository.all().collectMany { Fine e -> e.validate().problems }
    }

    Map<String, Integer> overview() {
        [
            fines: repository.count(),
            loans  : loanService.repository.count(),
        ]
    }

    List<String> getLog() {
        Collections.unmodifiableList(log)
    }
}
