package bench.set

import groovy.transform.CompileStatic

/**
 * Lifecycle status shared by all entities.
 */
@CompileStatic
enum Status {
    DRAFT('d'),
    ACTIVE('a'),
    SUSPENDED('s'),
    ARCHIVED('x')

    final String code

    Status(String code) {
        this.code = code
    }

    boolean canMoveTo(Status target) {
        switch (this) {
            case DRAFT: return target == ACTIVE || target == ARCHIVED
            case ACTIVE: return target == SUSPENDED || target == ARCHIVED
            case SUSPENDED: return target == ACTIVE || target == ARCHIVED
            default: return false
        }
    }

    Status next(Status target) {
        if (!canMoveTo(target)) {
            throw new IllegalStateException("Cannot move from ${this} to ${target}")
        }
        target
    }

    static Status ofCode(String code) {
        Status s = values().find { Status it -> it.code == code }
        if (s == null) {
            throw new IllegalArgumentException("Unknown status code ${code}")
        }
        s
    }

    static List<Status> live() {
        [DRAFT, ACTIVE, SUSPENDED]
    }
}
