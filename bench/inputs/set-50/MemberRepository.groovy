package bench.set

import groovy.transform.CompileStatic

/**
 * Storage for Member entities.
 */
@CompileStatic
class MemberRepository extends BaseRepository<Member> {

    MemberRepository(EventBus events) {
        super(events)
    }

    @Override
    String entityName() {
        'member'
    }

    List<Member> sortedByName() {
        all().sort(false) { Member a, Member b -> a.displayName() <=> b.displayName() }
    }

    List<Member> matching(String text) {
        String needle = text.toLowerCase()
        where { Member e -> e.displayName().toLowerCase().contains(needle) } as List<Member>
    }

    Map<Status, List<Member>> byStatus() {
        all().groupBy { Member e -> e.status }
    }

    Member firstOrNull() {
        rows.isEmpty() ? null : rows.values().first()
    }

    int archiveAll(String who) {
        int n = 0
        active().each { Member e ->
            e.archive(who)
            n++
        }
        n
    }
}
