package bench.set

import groovy.transform.CompileStatic

/**
 * Shelf entity of the bench library domain.
 */
@CompileStatic
class Shelf extends BaseEntity {
    String code
    Branch branch
    List<Book> books = []
    int slots = 40

    static final List<String> FIELDS = ['code', 'branch', 'books', 'slots']

    @Override
    String displayName() {
        code + '@' + (branch?.name ?: '?')
    }

    @Override
    ValidationResult validate() {
        new ValidationResult('shelf')
            .notBlank(code, 'code')
            .require(books.size() <= slots, 'shelf overflow')
    }

    boolean place(Book b) {
        if (books.size() >= slots) {
            return false
        }
        books.add(b)
        true
    }

    int freeSlots() {
        slots - books.size()
    }

    Shelf copy() {
        Shelf c = new Shelf()
        c.code = code
        c.branch = branch
        c.books = books
        c.slots = slots
        c.status = status
        c
    }
}
