package bench.set

/**
 * Converts Book entities to and from plain maps (dynamic Groovy on purpose).
 */
class BookMapper {
    static final String KIND = 'book'

    Map toMap(Book e) {
        def m = [kind: KIND, id: e.id, status: e.status.code]
        m.title = e.title
        m.isbn = e.isbn
        m.pages = e.pages
        m.labels = new LinkedHashMap(e.labels)
        m.audit = e.auditInfo()
        m
    }

    Book fromMap(Map m) {
        def e = new Book()
        e.id = (m.id ?: 0) as long
        if (m.status) e.status = Status.ofCode(m.status as String)
        if (m.containsKey('title')) e.title = m.title as String
        if (m.containsKey('isbn')) e.isbn = m.isbn as String
        if (m.containsKey('pages')) e.pages = m.pages as int
        (m.labels ?: [:]).each { k, v -> e.label(k as String, v as String) }
        e
    }

    List<Map> toMaps(Collection<Book> items) {
        items.collect { toMap(it) }
    }

    String toCsvLine(Book e) {
        def m = toMap(e)
        m.findAll { k, v -> !(v instanceof Map) }.collect { k, v -> "${k}=${v}" }.join(';')
    }

    Map diff(Book a, Book b) {
        def ma = toMap(a)
        def mb = toMap(b)
        (ma.keySet() + mb.keySet()).findAll { k -> k != 'audit' && ma[k] != mb[k] }
            .collectEntries { k -> [(k): [ma[k], mb[k]]] }
    }
}
