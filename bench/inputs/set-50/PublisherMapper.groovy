package bench.set

/**
 * Converts Publisher entities to and from plain maps (dynamic Groovy on purpose).
 */
class PublisherMapper {
    static final String KIND = 'publisher'

    Map toMap(Publisher e) {
        def m = [kind: KIND, id: e.id, status: e.status.code]
        m.name = e.name
        m.city = e.city
        m.labels = new LinkedHashMap(e.labels)
        m.audit = e.auditInfo()
        m
    }

    Publisher fromMap(Map m) {
        def e = new Publisher()
        e.id = (m.id ?: 0) as long
        if (m.status) e.status = Status.ofCode(m.status as String)
        if (m.containsKey('name')) e.name = m.name as String
        if (m.containsKey('city')) e.city = m.city as String
        (m.labels ?: [:]).each { k, v -> e.label(k as String, v as String) }
        e
    }

    List<Map> toMaps(Collection<Publisher> items) {
        items.collect { toMap(it) }
    }

    String toCsvLine(Publisher e) {
        def m = toMap(e)
        m.findAll { k, v -> !(v instanceof Map) }.collect { k, v -> "${k}=${v}" }.join(';')
    }

    Map diff(Publisher a, Publisher b) {
        def ma = toMap(a)
        def mb = toMap(b)
        (ma.keySet() + mb.keySet()).findAll { k -> k != 'audit' && ma[k] != mb[k] }
            .collectEntries { k -> [(k): [ma[k], mb[k]]] }
    }
}
