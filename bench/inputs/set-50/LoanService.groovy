package bench.set

import groovy.transform.CompileStatic

/**
 * Application service for Loan entities.
 */
@CompileStatic
class LoanService {
    final LoanRepository repository
    final LoanMapper mapper = new LoanMapper()
    final BookService bookService
    private final List<String> log = []

    LoanService(LoanRepository repository, BookService bookService) {
        this.repository = repository
        this.bookService = bookService
    }

    Loan register(Loan e, String who) {
        e.touch(who, java.time.Instant.now())
        log.add("register ${e.displayName()}".toString())
        repository.save(e)
    }

    Loan update(long id, String who, Closure<?> change) {
        Loan e = repository.get(id)
        change.call(e)
        e.touch(who, java.time.Instant.now())
        log.add("update ${e.ref()}".toString())
        repository.save(e)
    }

    List<Map> export() {
        mapper.toMaps(repository.all())
    }

    List<String> problems() {
        repository.all().collectMany { Loan e -> e.validate().problems }
    }

    Map<String, Integer> overview() {
        [
            loans: repository.count(),
            books  : bookService.repository.count(),
        ]
    }

    List<String> getLog() {
        Collections.unmodifiableList(log)
    }
}
