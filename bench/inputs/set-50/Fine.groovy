package bench.set

import groovy.transform.CompileStatic

/**
 * Fine entity of the bench library domain.
 */
@CompileStatic
class Fine extends BaseEntity {
    Loan loan
    Money amount = Money.ZERO
    boolean paid = false
    String reason = 'late return'

    static final List<String> FIELDS = ['loan', 'amount', 'paid', 'reason']

    @Override
    String displayName() {
        reason + ': ' + amount
    }

    @Override
    ValidationResult validate() {
        new ValidationResult('fine')
            .require(loan != null, 'loan is required')
            .require(!amount.negative, 'amount must not be negative')
    }

    Fine pay() {
        paid = true
        this
    }

    Money outstanding() {
        paid ? Money.ZERO : amount
    }

    Fine copy() {
        Fine c = new Fine()
        c.loan = loan
        c.amount = amount
        c.paid = paid
        c.reason = reason
        c.status = status
        c
    }
}
