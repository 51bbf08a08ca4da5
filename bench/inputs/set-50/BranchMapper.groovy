package bench.set

/**
 * Converts Branch entities to and from plain maps (dynamic Groovy on purpose).
 */
class BranchMapper {
    static final String KIND = 'branch'

    Map toMap(Branch e) {
        def m = [kind: KIND, id: e.id, status: e.status.code]
        m.name = e.name
        m.capacity = e.capacity
        m.labels = new LinkedHashMap(e.labels)
        m.audit = e.auditInfo()
        m
    }

    Branch fromMap(Map m) {
        def e = new Branch()
        e.id = (m.id ?: 0) as long
        if (m.status) e.status = Status.ofCode(m.status as String)
        if (m.containsKey('name')) e.name = m.name as String
        if (m.containsKey('capacity')) e.capacity = m.capacity as int
        (m.labels ?: [:]).each { k, v -> e.label(k as String, v as String) }
        e
    }

    List<Map> toMaps(Collection<Branch> items) {
        items.collect { toMap(it) }
    }

    String toCsvLine(Branch e) {
        def m = toMap(e)
        m.findAll { k, v -> !(v instanceof Map) }.collect { k, v -> "${k}=${v}" }.join(';')
    }

    Map diff(Branch a, Branch b) {
        def ma = toMap(a)
        def mb = toMap(b)
        (ma.keySet() + mb.keySet()).findAll { k -> k != 'audit' && ma[k] != mb[k] }
            .collectEntries { k -> [(k): [ma[k], mb[k]]] }
    }
}
