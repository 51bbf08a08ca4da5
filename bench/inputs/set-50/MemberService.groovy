package bench.set

import groovy.transform.CompileStatic

/**
 * Application service for Member entities.
 */
@CompileStatic
class MemberService {
    final MemberRepository repository
    final MemberMapper mapper = new MemberMapper()
    final BranchService branchService
    private final List<String> log = []

    MemberService(MemberRepository repository, BranchService branchService) {
        this.repository = repository
        this.branchService = branchService
    }

    Member register(Member e, String who) {
        e.touch(who, java.time.Instant.now())
        log.add("register ${e.displayName()}".toString())
        repository.save(e)
    }

    Member update(long id, String who, Closure<?> change) {
        Member e = repository.get(id)
        change.call(e)
        e.touch(who, java.time.Instant.now())
        log.add("update ${e.ref()}".toString())
        repository.save(e)
    }

    List<Map> export() {
        mapper.toMaps(repository.all())
    }

    List<String> problems() {
        repository.all().collectMany { Member e -> e.validate().problems }
    }

    Map<String, Integer> overview() {
        [
            members: repository.count(),
            branchs  : branchService.repository.count(),
        ]
    }

    List<String> getLog() {
        Collections.unmodifiableList(log)
    }
}
