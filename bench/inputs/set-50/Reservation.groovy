package bench.set

import groovy.transform.CompileStatic

/**
 * Reservation entity of the bench library domain.
 */
@CompileStatic
class Reservation extends BaseEntity {
    Book book
    Member member
    int position = 1
    boolean notified = false

    static final List<String> FIELDS = ['book', 'member', 'position', 'notified']

    @Override
    String displayName() {
        'reservation ' + position + ' for ' + (member?.name ?: '?')
    }

    @Override
    ValidationResult validate() {
        new ValidationResult('reservation')
            .require(book != null, 'book is required')
            .positive(position, 'position')
    }

    boolean isNext() {
        position == 1
    }

    Reservation moveUp() {
        if (position > 1) {
            position--
        }
        this
    }

    Reservation copy() {
        Reservation c = new Reservation()
        c.book = book
        c.member = member
        c.position = position
        c.notified = notified
        c.status = status
        c
    }
}
