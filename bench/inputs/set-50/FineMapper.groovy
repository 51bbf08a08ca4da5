package bench.set

/**
 * Converts Fine entities to and from plain maps (dynamic Groovy on purpose).
 */
class FineMapper {
    static final String KIND = 'fine'

    Map toMap(Fine e) {
        def m = [kind: KIND, id: e.id, status: e.status.code]
        m.paid = e.paid
        m.reason = e.reason
        m.labels = new LinkedHashMap(e.labels)
        m.audit = e.auditInfo()
        m
    }

    Fine fromMap(Map m) {
        def e = new Fine()
        e.id = (m.id ?: 0) as long
        if (m.status) e.status = Status.ofCode(m.status as String)
        if (m.containsKey('paid')) e.paid = m.paid as boolean
        if (m.containsKey('reason')) e.reason = m.reason as String
        (m.labels ?: [:]).each { k, v -> e.label(k as String, v as String) }
        e
    }

    List<Map> toMaps(Collection<Fine> items) {
        items.collect { toMap(it) }
    }

    String toCsvLine(Fine e) {
        def m = toMap(e)
        m.findAll { k, v -> !(v instanceof Map) }.collect { k, v -> "${k}=${v}" }.join(';')
    }

    Map diff(Fine a, Fine b) {
        def ma = toMap(a)
        def mb = toMap(b)
        (ma.keySet() + mb.keySet()).findAll { k -> k != 'audit' && ma[k] != mb[k] }
            .collectEntries { k -> [(k): [ma[k], mb[k]]] }
    }
}
