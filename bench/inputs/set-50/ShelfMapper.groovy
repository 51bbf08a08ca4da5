package bench.set

/**
 * Converts Shelf entities to and from plain maps (dynamic Groovy on purpose).
 */
class ShelfMapper {
    static final String KIND = 'shelf'

    Map toMap(Shelf e) {
        def m = [kind: KIND, id: e.id, status: e.status.code]
        m.code = e.code
        m.slots = e.slots
        m.labels = new LinkedHashMap(e.labels)
        m.audit = e.auditInfo()
        m
    }

    Shelf fromMap(Map m) {
        def e = new Shelf()
        e.id = (m.id ?: 0) as long
        if (m.status) e.status = Status.ofCode(m.status as String)
        if (m.containsKey('code')) e.code = m.code as String
        if (m.containsKey('slots')) e.slots = m.slots as int
        (m.labels ?: [:]).each { k, v -> e.label(k as String, v as String) }
        e
    }

    List<Map> toMaps(Collection<Shelf> items) {
        items.collect { toMap(it) }
    }

    String toCsvLine(Shelf e) {
        def m = toMap(e)
        m.findAll { k, v -> !(v instanceof Map) }.collect { k, v -> "${k}=${v}" }.join(';')
    }

    Map diff(Shelf a, Shelf b) {
        def ma = toMap(a)
        def mb = toMap(b)
        (ma.keySet() + mb.keySet()).findAll { k -> k != 'audit' && ma[k] != mb[k] }
            .collectEntries { k -> [(k): [ma[k], mb[k]]] }
    }
}
