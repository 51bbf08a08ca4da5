package bench.set

import groovy.transform.CompileStatic

/**
 * Application service for Publisher entities.
 */
@CompileStatic
class PublisherService {
    final PublisherRepository repository
    final PublisherMapper mapper = new PublisherMapper()
    private final List<String> log = []

    PublisherService(PublisherRepository repository) {
        this.repository = repository
    }

    Publisher register(Publisher e, String who) {
        e.touch(who, java.time.Instant.now())
        log.add("register ${e.displayName()}".toString())
        repository.save(e)
    }

    Publisher update(long id, String who, Closure<?> change) {
        Publisher e = repository.get(id)
        change.call(e)
        e.touch(who, java.time.Instant.now())
        log.add("update ${e.ref()}".toString())
        repository.save(e)
    }

    List<Map> export() {
        mapper.toMaps(repository.all())
    }

    List<String> problems() {
        repository.all().collectMany { Publisher e -> e.validate().problems }
    }

    Map<String, Integer> overview() {
        [publishers: repository.count()]
    }

    List<String> getLog() {
        Collections.unmodifiableList(log)
    }
}
