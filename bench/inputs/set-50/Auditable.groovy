package bench.set

import groovy.transform.CompileStatic

import java.time.Instant

/**
 * Adds creation / modification bookkeeping to an entity.
 */
@CompileStatic
trait Auditable {
    Instant createdAt = Instant.EPOCH
    Instant updatedAt = Instant.EPOCH
    String updatedBy = 'system'
    int revision = 0

    void touch(String who, Instant when) {
        if (revision == 0) {
            createdAt = when
        }
        updatedAt = when
        updatedBy = who
        revision = revision + 1
    }

    boolean modifiedAfter(Instant t) {
        updatedAt.isAfter(t)
    }

    Map<String, Object> auditInfo() {
        [
            createdAt: (Object) createdAt.toString(),
            updatedAt: (Object) updatedAt.toString(),
            updatedBy: (Object) updatedBy,
            revision : (Object) revision,
        ]
    }

    String auditLine() {
        "rev ${revision} by ${updatedBy} at ${updatedAt}".toString()
    }
}
