package bench.set

import groovy.transform.CompileStatic

/**
 * Application service for Shelf entities.
 */
@CompileStatic
class ShelfService {
    final ShelfRepository repository
    final ShelfMapper mapper = new ShelfMapper()
    final BranchService branchService
    private final List<String> log = []

    ShelfService(ShelfRepository repository, BranchService branchService) {
        this.repository = repository
        this.branchService = branchService
    }

    Shelf register(Shelf e, String who) {
        e.touch(who, java.time.Instant.now())
        log.add("register ${e.displayName()}".toString())
        repository.save(e)
    }

    Shelf update(long id, String who, Closure<?> change) {
        Shelf e = repository.get(id)
        change.call(e)
        e.touch(who, java.time.Instant.now())
        log.add("update ${e.ref()}".toString())
        repository.save(e)
    }

    List<Map> export() {
        mapper.toMaps(repository.all())
    }

    List<String> problems() {
        repository.all().collectMany { Shelf e -> e.validate().problems }
    }

    Map<String, Integer> overview() {
        [
            shelfs: repository.count(),
            branchs  : branchService.repository.count(),
        ]
    }

    List<String> getLog() {
        Collections.unmodifiableList(log)
    }
}
