package bench.set

/**
 * Converts Loan entities to and from plain maps (dynamic Groovy on purpose).
 */
class LoanMapper {
    static final String KIND = 'loan'

    Map toMap(Loan e) {
        def m = [kind: KIND, id: e.id, status: e.status.code]
        m.days = e.days
        m.returned = e.returned
        m.labels = new LinkedHashMap(e.labels)
        m.audit = e.auditInfo()
        m
    }

    Loan fromMap(Map m) {
        def e = new Loan()
        e.id = (m.id ?: 0) as long
        if (m.status) e.status = Status.ofCode(m.status as String)
        if (m.containsKey('days')) e.days = m.days as int
        if (m.containsKey('returned')) e.returned = m.returned as boolean
        (m.labels ?: [:]).each { k, v -> e.label(k as String, v as String) }
        e
    }

    List<Map> toMaps(Collection<Loan> items) {
        items.collect { toMap(it) }
    }

    String toCsvLine(Loan e) {
        def m = toMap(e)
        m.findAll { k, v -> !(v instanceof Map) }.collect { k, v -> "${k}=${v}" }.join(';')
    }

    Map diff(Loan a, Loan b) {
        def ma = toMap(a)
        def mb = toMap(b)
        (ma.keySet() + mb.keySet()).findAll { k -> k != 'audit' && ma[k] != mb[k] }
            .collectEntries { k -> [(k): [ma[k], mb[k]]] }
    }
}
