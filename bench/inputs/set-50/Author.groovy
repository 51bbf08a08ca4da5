package bench.set

import groovy.transform.CompileStatic

/**
 * Author entity of the bench library domain.
 */
@CompileStatic
class Author extends BaseEntity {
    String name
    String country = 'unknown'
    int birthYear = 0

    static final List<String> FIELDS = ['name', 'country', 'birthYear']

    @Override
    String displayName() {
        name
    }

    @Override
    ValidationResult validate() {
        new ValidationResult('author')
            .notBlank(name, 'name')
            .require(birthYear >= 0, 'birthYear must not be negative')
    }

    int ageIn(int year) {
        birthYear > 0 ? year - birthYear : -1
    }

    String initials() {
        name.tokenize(' ').collect { String p -> p[0] }.join('').toUpperCase()
    }

    Author copy() {
        Author c = new Author()
        c.name = name
        c.country = country
        c.birthYear = birthYear
        c.status = status
        c
    }
}
