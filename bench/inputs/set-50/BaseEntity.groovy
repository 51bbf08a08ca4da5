package bench.set

import groovy.transform.CompileStatic

/**
 * Root of all persisted bench entities.
 */
@CompileStatic
abstract class BaseEntity implements Identifiable, Auditable, Comparable<BaseEntity> {
    long id
    Status status = Status.ACTIVE
    Map<String, String> labels = [:]

    abstract String displayName()

    abstract ValidationResult validate()

    boolean isActive() {
        status == Status.ACTIVE
    }

    BaseEntity label(String key, String value) {
        labels.put(key, value)
        this
    }

    void archive(String who) {
        status = status.next(Status.ARCHIVED)
        touch(who, java.time.Instant.now())
    }

    int compareTo(BaseEntity other) {
        int byClass = getClass().simpleName <=> other.getClass().simpleName
        byClass != 0 ? byClass : Long.compare(id, other.id)
    }

    @Override
    boolean equals(Object o) {
        o instanceof BaseEntity && Identities.sameIdentity(this, (BaseEntity) o)
    }

    @Override
    int hashCode() {
        Objects.hash(getClass().name, id)
    }

    @Override
    String toString() {
        "${ref()} ${displayName()} [${status}]".toString()
    }
}
