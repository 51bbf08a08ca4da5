package bench.set

import groovy.transform.CompileStatic
import groovy.transform.EqualsAndHashCode

/**
 * Something that happened to an entity.
 */
@CompileStatic
@EqualsAndHashCode
class DomainEvent {
    private static long counter = 0

    final long sequence
    final String type
    final String entity
    final long entityId
    final Map<String, Object> data

    DomainEvent(String type, String entity, long entityId, Map<String, Object> data = [:]) {
        this.sequence = ++counter
        this.type = type
        this.entity = entity
        this.entityId = entityId
        this.data = Collections.unmodifiableMap(new LinkedHashMap<String, Object>(data))
    }

    String getTopic() {
        "${entity}.${type}".toString()
    }

    boolean concerns(Identifiable i) {
        i.id == entityId && i.getClass().simpleName.toLowerCase() == entity
    }

    DomainEvent with(String key, Object value) {
        Map<String, Object> copy = new LinkedHashMap<>(data)
        copy.put(key, value)
        new DomainEvent(type, entity, entityId, copy)
    }

    String toString() {
        "#${sequence} ${topic} id=${entityId}${data ? ' ' + data : ''}".toString()
    }
}
