package bench.set

import groovy.transform.CompileStatic

/**
 * Book entity of the bench library domain.
 */
@CompileStatic
class Book extends BaseEntity {
    String title
    String isbn
    Author author
    Publisher publisher
    Money price = Money.ZERO
    int pages = 0

    static final List<String> FIELDS = ['title', 'isbn', 'author', 'publisher', 'price', 'pages']

    @Override
    String displayName() {
        title + ' by ' + (author?.name ?: '?')
    }

    @Override
    ValidationResult validate() {
        new ValidationResult('book')
            .notBlank(title, 'title')
            .require(isbn ==~ /\d{13}/, 'isbn must have 13 digits')
            .require(author != null, 'author is required')
    }

    boolean isLong() {
        pages > 400
    }

    Money priceFor(int copies) {
        price * copies
    }

    Book copy() {
        Book c = new Book()
        c.title = title
        c.isbn = isbn
        c.author = author
        c.publisher = publisher
        c.price = price
        c.pages = pages
        c.status = status
        c
    }
}
