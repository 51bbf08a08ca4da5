package bench.set

import groovy.transform.CompileStatic

/**
 * Application service for Book entities.
 */
@CompileStatic
class BookService {
    final BookRepository repository
    final BookMapper mapper = new BookMapper()
    final AuthorService authorService
    private final List<String> log = []

    BookService(BookRepository repository, AuthorService authorService) {
        this.repository = repository
        this.authorService = authorService
    }

    Book register(Book e, String who) {
        e.touch(who, java.time.Instant.now())
        log.add("register ${e.displayName()}".toString())
        repository.save(e)
    }

    Book update(long id, String who, Closure<?> change) {
        Book e = repository.get(id)
        change.call(e)
        e.touch(who, java.time.Instant.now())
        log.add("update ${e.ref()}".toString())
        repository.save(e)
    }

    List<Map> export() {
        mapper.toMaps(repository.all())
    }

    List<String> problems() {
        repository.all().collectMany { Book e -> e.validate().problems }
    }

    Map<String, Integer> overview() {
        [
            books: repository.count(),
            authors  : authorService.repository.count(),
        ]
    }

    List<String> getLog() {
        Collections.unmodifiableList(log)
    }
}
