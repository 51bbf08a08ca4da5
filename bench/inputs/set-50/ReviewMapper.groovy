package bench.set

/**
 * Converts Review entities to and from plain maps (dynamic Groovy on purpose).
 */
class ReviewMapper {
    static final String KIND = 'review'

    Map toMap(Review e) {
        def m = [kind: KIND, id: e.id, status: e.status.code]
        m.stars = e.stars
        m.text = e.text
        m.labels = new LinkedHashMap(e.labels)
        m.audit = e.auditInfo()
        m
    }

    Review fromMap(Map m) {
        def e = new Review()
        e.id = (m.id ?: 0) as long
        if (m.status) e.status = Status.ofCode(m.status as String)
        if (m.containsKey('stars')) e.stars = m.stars as int
        if (m.containsKey('text')) e.text = m.text as String
        (m.labels ?: [:]).each { k, v -> e.label(k as String, v as String) }
        e
    }

    List<Map> toMaps(Collection<Review> items) {
        items.collect { toMap(it) }
    }

    String toCsvLine(Review e) {
        def m = toMap(e)
        m.findAll { k, v -> !(v instanceof Map) }.collect { k, v -> "${k}=${v}" }.join(';')
    }

    Map diff(Review a, Review b) {
        def ma = toMap(a)
        def mb = toMap(b)
        (ma.keySet() + mb.keySet()).findAll { k -> k != 'audit' && ma[k] != mb[k] }
            .collectEntries { k -> [(k): [ma[k], mb[k]]] }
    }
}
