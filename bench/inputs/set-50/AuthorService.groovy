package bench.set

import groovy.transform.CompileStatic

/**
 * Application service for Author entities.
 */
@CompileStatic
class AuthorService {
    final AuthorRepository repository
    final AuthorMapper mapper = new AuthorMapper()
    private final List<String> log = []

    AuthorService(AuthorRepository repository) {
        this.repository = repository
    }

    Author register(Author e, String who) {
        e.touch(who, java.time.Instant.now())
        log.add("register ${e.displayName()}".toString())
        repository.save(e)
    }

    Author update(long id, String who, Closure<?> change) {
        Author e = repository.get(id)
        change.call(e)
        e.touch(who, java.time.Instant.now())
        log.add("update ${e.ref()}".toString())
        repository.save(e)
    }

    List<Map> export() {
        mapper.toMaps(repository.all())
    }

    List<String> problems() {
        repository.all().collectMany { Author e -> e.validate().problems }
    }

    Map<String, Integer> overview() {
        [authors: repository.count()]
    }

    List<String> getLog() {
        Collections.unmodifiableList(log)
    }
}
