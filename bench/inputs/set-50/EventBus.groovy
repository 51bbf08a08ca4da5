package bench.set

import groovy.transform.CompileStatic

/**
 * Synchronous publish / subscribe for domain events.
 */
@CompileStatic
class EventBus {
    private final Map<String, List<Closure>> subscribers = new LinkedHashMap<>()
    private final List<DomainEvent> journal = []
    boolean recording = true

    void subscribe(String topicPattern, Closure handler) {
        List<Closure> list = subscribers.get(topicPattern)
        if (list == null) {
            list = []
            subscribers.put(topicPattern, list)
        }
        list.add(handler)
    }

    int publish(DomainEvent event) {
        if (recording) {
            journal.add(event)
        }
        int delivered = 0
        subscribers.each { String pattern, List<Closure> handlers ->
            if (matches(pattern, event.topic)) {
                handlers.each { Closure h ->
                    h.call(event)
                    delivered++
                }
            }
        }
        delivered
    }

    private static boolean matches(String pattern, String topic) {
        pattern == '*' || pattern == topic || (pattern.endsWith('.*') && topic.startsWith(pattern[0..-2]))
    }

    List<DomainEvent> history(String entity = null) {
        entity == null ? new ArrayList<DomainEvent>(journal) : journal.findAll { DomainEvent e -> e.entity == entity }
    }

    Map<String, Integer> countsByTopic() {
        Map<String, Integer> out = new TreeMap<>()
        journal.each { DomainEvent e -> out.put(e.topic, (out.get(e.topic) ?: 0) + 1) }
        out
    }

    void clear() {
        journal.clear()
    }
}
