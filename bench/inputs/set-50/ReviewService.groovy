package bench.set

import groovy.transform.CompileStatic

/**
 * Application service for Review entities.
 */
@CompileStatic
class ReviewService {
    final ReviewRepository repository
    final ReviewMapper mapper = new ReviewMapper()
    final MemberService memberService
    private final List<String> log = []

    ReviewService(ReviewRepository repository, MemberService memberService) {
        this.repository = repository
        this.memberService = memberService
    }

    Review register(Review e, String who) {
        e.touch(who, java.time.Instant.now())
        log.add("register ${e.displayName()}".toString())
        repository.save(e)
    }

    Review update(long id, String who, Closure<?> change) {
        Review e = repository.get(id)
        change.call(e)
        e.touch(who, java.time.Instant.now())
        log.add("update ${e.ref()}".toString())
        repository.save(e)
    }

    List<Map> export() {
        mapper.toMaps(repository.all())
    }

    List<String> problems() {
        repository.all().collectMany { Review e -> e.validate().problems }
    }

    Map<String, Integer> overview() {
        [
            reviews: repository.count(),
            members  : memberService.repository.count(),
        ]
    }

    List<String> getLog() {
        Collections.unmodifiableList(log)
    }
}
