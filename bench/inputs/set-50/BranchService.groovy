package bench.set

import groovy.transform.CompileStatic

/**
 * Application service for Branch entities.
 */
@CompileStatic
class BranchService {
    final BranchRepository repository
    final BranchMapper mapper = new BranchMapper()
    private final List<String> log = []

    BranchService(BranchRepository repository) {
        this.repository = repository
    }

    Branch register(Branch e, String who) {
        e.touch(who, java.time.Instant.now())
        log.add("register ${e.displayName()}".toString())
        repository.save(e)
    }

    Branch update(long id, String who, Closure<?> change) {
        Branch e = repository.get(id)
        change.call(e)
        e.touch(who, java.time.Instant.now())
        log.add("update ${e.ref()}".toString())
        repository.save(e)
    }

    List<Map> export() {
        mapper.toMaps(repository.all())
    }

    List<String> problems() {
        repository.all().collectMany { Branch e -> e.validate().problems }
    }

    Map<String, Integer> overview() {
        [branchs: repository.count()]
    }

    List<String> getLog() {
        Collections.unmodifiableList(log)
    }
}
