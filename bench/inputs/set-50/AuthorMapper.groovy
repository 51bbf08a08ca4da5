package bench.set

/**
 * Converts Author entities to and from plain maps (dynamic Groovy on purpose).
 */
class AuthorMapper {
    static final String KIND = 'author'

    Map toMap(Author e) {
        def m = [kind: KIND, id: e.id, status: e.status.code]
        m.name = e.name
        m.country = e.country
        m.birthYear = e.birthYear
        m.labels = new LinkedHashMap(e.labels)
        m.audit = e.auditInfo()
        m
    }

    Author fromMap(Map m) {
        def e = new Author()
        e.id = (m.id ?: 0) as long
        if (m.status) e.status = Status.ofCode(m.status as String)
        if (m.containsKey('name')) e.name = m.name as String
        if (m.containsKey('country')) e.country = m.country as String
        if (m.containsKey('birthYear')) e.birthYear = m.birthYear as int
        (m.labels ?: [:]).each { k, v -> e.label(k as String, v as String) }
        e
    }

    List<Map> toMaps(Collection<Author> items) {
        items.collect { toMap(it) }
    }

    String toCsvLine(Author e) {
        def m = toMap(e)
        m.findAll { k, v -> !(v instanceof Map) }.collect { k, v -> "${k}=${v}" }.join(';')
    }

    Map diff(Author a, Author b) {
        def ma = toMap(a)
        def mb = toMap(b)
        (ma.keySet() + mb.keySet()).findAll { k -> k != 'audit' && ma[k] != mb[k] }
            .collectEntries { k -> [(k): [ma[k], mb[k]]] }
    }
}
