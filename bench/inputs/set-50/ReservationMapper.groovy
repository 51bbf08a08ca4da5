package bench.set

/**
 * Converts Reservation entities to and from plain maps (dynamic Groovy on purpose).
 */
class ReservationMapper {
    static final String KIND = 'reservation'

    Map toMap(Reservation e) {
        def m = [kind: KIND, id: e.id, status: e.status.code]
        m.position = e.position
        m.notified = e.notified
        m.labels = new LinkedHashMap(e.labels)
        m.audit = e.auditInfo()
        m
    }

    Reservation fromMap(Map m) {
        def e = new Reservation()
        e.id = (m.id ?: 0) as long
        if (m.status) e.status = Status.ofCode(m.status as String)
        if (m.containsKey('position')) e.position = m.position as int
        if (m.containsKey('notified')) e.notified = m.notified as boolean
        (m.labels ?: [:]).each { k, v -> e.label(k as String, v as String) }
        e
    }

    List<Map> toMaps(Collection<Reservation> items) {
        items.collect { toMap(it) }
    }

    String toCsvLine(Reservation e) {
        def m = toMap(e)
        m.findAll { k, v -> !(v instanceof Map) }.collect { k, v -> "${k}=${v}" }.join(';')
    }

    Map diff(Reservation a, Reservation b) {
        def ma = toMap(a)
        def mb = toMap(b)
        (ma.keySet() + mb.keySet()).findAll { k -> k != 'audit' && ma[k] != mb[k] }
            .collectEntries { k -> [(k): [ma[k], mb[k]]] }
    }
}
