package bench.set

import groovy.transform.CompileStatic

import java.util.concurrent.atomic.AtomicLong
import java.util.function.Predicate

/**
 * In-memory repository shared by all entity repositories.
 */
@CompileStatic
abstract class BaseRepository<T extends BaseEntity> {
    protected final Map<Long, T> rows = new TreeMap<Long, T>()
    private final AtomicLong sequence = new AtomicLong()
    protected final EventBus events

    BaseRepository(EventBus events) {
        this.events = events
    }

    abstract String entityName()

    T save(T entity) {
        entity.validate().orThrow()
        boolean created = entity.id == 0
        if (created) {
            entity.id = sequence.incrementAndGet()
        }
        rows.put(entity.id, entity)
        events.publish(new DomainEvent(created ? 'created' : 'updated', entityName(), entity.id))
        entity
    }

    T get(long id) {
        T found = rows.get(id)
        if (found == null) {
            throw new NoSuchElementException("${entityName()} ${id} not found")
        }
        found
    }

    Optional<T> find(long id) {
        Optional.ofNullable(rows.get(id))
    }

    List<T> all() {
        new ArrayList<T>(rows.values())
    }

    List<T> where(Predicate<T> predicate) {
        rows.values().findAll { T t -> predicate.test(t) }.toList()
    }

    List<T> active() {
        where { T t -> t.active } as List<T>
    }

    boolean delete(long id) {
        boolean removed = rows.remove(id) != null
        if (removed) {
            events.publish(new DomainEvent('deleted', entityName(), id))
        }
        removed
    }

    int count() {
        rows.size()
    }
}
