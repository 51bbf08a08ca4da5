package bench.set

import groovy.transform.CompileStatic

/**
 * Branch entity of the bench library domain.
 */
@CompileStatic
class Branch extends BaseEntity {
    String name
    Address address
    int capacity = 1000

    static final List<String> FIELDS = ['name', 'address', 'capacity']

    @Override
    String displayName() {
        name
    }

    @Override
    ValidationResult validate() {
        new ValidationResult('branch')
            .notBlank(name, 'name')
            .positive(capacity, 'capacity')
            .require(address != null, 'address is required')
    }

    String city() {
        address?.city ?: 'n/a'
    }

    boolean isLarge() {
        capacity >= 5000
    }

    Branch copy() {
        Branch c = new Branch()
        c.name = name
        c.address = address
        c.capacity = capacity
        c.status = status
        c
    }
}
