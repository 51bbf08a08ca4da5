package bench.set

import groovy.transform.CompileStatic

/**
 * Review entity of the bench library domain.
 */
@CompileStatic
class Review extends BaseEntity {
    Book book
    Member member
    int stars = 3
    String text = ''

    static final List<String> FIELDS = ['book', 'member', 'stars', 'text']

    @Override
    String displayName() {
        stars + '* ' + (book?.title ?: '?')
    }

    @Override
    ValidationResult validate() {
        new ValidationResult('review')
            .require(book != null, 'book is required')
            .require(stars in 1..5, 'stars must be 1..5')
    }

    boolean isPositive() {
        stars >= 4
    }

    int wordCount() {
        text.tokenize().size()
    }

    Review copy() {
        Review c = new Review()
        c.book = book
        c.member = member
        c.stars = stars
        c.text = text
        c.status = status
        c
    }
}
