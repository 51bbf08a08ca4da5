package bench.set

import groovy.transform.CompileStatic

/**
 * Member entity of the bench library domain.
 */
@CompileStatic
class Member extends BaseEntity {
    String name
    String email
    Address address
    int maxLoans = 5

    static final List<String> FIELDS = ['name', 'email', 'address', 'maxLoans']

    @Override
    String displayName() {
        name + ' <' + email + '>'
    }

    @Override
    ValidationResult validate() {
        new ValidationResult('member')
            .notBlank(name, 'name')
            .require(email?.contains('@'), 'email must contain @')
            .positive(maxLoans, 'maxLoans')
    }

    String domain() {
        email.substring(email.indexOf('@') + 1)
    }

    boolean isLocalTo(Branch b) {
        address?.city == b.city()
    }

    Member copy() {
        Member c = new Member()
        c.name = name
        c.email = email
        c.address = address
        c.maxLoans = maxLoans
        c.status = status
        c
    }
}
