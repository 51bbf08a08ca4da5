package bench.set

/**
 * Converts Member entities to and from plain maps (dynamic Groovy on purpose).
 */
class MemberMapper {
    static final String KIND = 'member'

    Map toMap(Member e) {
        def m = [kind: KIND, id: e.id, status: e.status.code]
        m.name = e.name
        m.email = e.email
        m.maxLoans = e.maxLoans
        m.labels = new LinkedHashMap(e.labels)
        m.audit = e.auditInfo()
        m
    }

    Member fromMap(Map m) {
        def e = new Member()
        e.id = (m.id ?: 0) as long
        if (m.status) e.status = Status.ofCode(m.status as String)
        if (m.containsKey('name')) e.name = m.name as String
        if (m.containsKey('email')) e.email = m.email as String
        if (m.containsKey('maxLoans')) e.maxLoans = m.maxLoans as int
        (m.labels ?: [:]).each { k, v -> e.label(k as String, v as String) }
        e
    }

    List<Map> toMaps(Collection<Member> items) {
        items.collect { toMap(it) }
    }

    String toCsvLine(Member e) {
        def m = toMap(e)
        m.findAll { k, v -> !(v instanceof Map) }.collect { k, v -> "${k}=${v}" }.join(';')
    }

    Map diff(Member a, Member b) {
        def ma = toMap(a)
        def mb = toMap(b)
        (ma.keySet() + mb.keySet()).findAll { k -> k != 'audit' && ma[k] != mb[k] }
            .collectEntries { k -> [(k): [ma[k], mb[k]]] }
    }
}
