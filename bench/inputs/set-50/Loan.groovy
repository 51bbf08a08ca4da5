package bench.set

import groovy.transform.CompileStatic

/**
 * Loan entity of the bench library domain.
 */
@CompileStatic
class Loan extends BaseEntity {
    Book book
    Member member
    java.time.LocalDate start
    int days = 21
    boolean returned = false

    static final List<String> FIELDS = ['book', 'member', 'start', 'days', 'returned']

    @Override
    String displayName() {
        (book?.title ?: '?') + ' -> ' + (member?.name ?: '?')
    }

    @Override
    ValidationResult validate() {
        new ValidationResult('loan')
            .require(book != null, 'book is required')
            .require(member != null, 'member is required')
            .positive(days, 'days')
    }

    java.time.LocalDate due() {
        start.plusDays(days)
    }

    boolean isOverdue(java.time.LocalDate today) {
        !returned && today.isAfter(due())
    }

    long daysLate(java.time.LocalDate today) {
        isOverdue(today) ? java.time.temporal.ChronoUnit.DAYS.between(due(), today) : 0L
    }

    Loan copy() {
        Loan c = new Loan()
        c.book = book
        c.member = member
        c.start = start
        c.days = days
        c.returned = returned
        c.status = status
        c
    }
}
