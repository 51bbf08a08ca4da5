package bench.set

import groovy.transform.CompileStatic

/**
 * Publisher entity of the bench library domain.
 */
@CompileStatic
class Publisher extends BaseEntity {
    String name
    String city = 'Berlin'
    Set<String> imprints = [] as Set

    static final List<String> FIELDS = ['name', 'city', 'imprints']

    @Override
    String displayName() {
        name + ' (' + city + ')'
    }

    @Override
    ValidationResult validate() {
        new ValidationResult('publisher')
            .notBlank(name, 'name')
            .notBlank(city, 'city')
    }

    Publisher imprint(String imprintName) {
        imprints.add(imprintName)
        this
    }

    boolean publishesUnder(String imprintName) {
        imprints.contains(imprintName)
    }

    Publisher copy() {
        Publisher c = new Publisher()
        c.name = name
        c.city = city
        c.imprints = imprints
        c.status = status
        c
    }
}
