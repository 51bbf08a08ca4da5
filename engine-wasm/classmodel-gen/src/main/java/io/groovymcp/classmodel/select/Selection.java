package io.groovymcp.classmodel.select;

import io.groovymcp.classmodel.scope.Coverage;
import io.groovymcp.classmodel.scope.Origin;
import io.groovymcp.classmodel.scope.Policy;
import io.groovymcp.classmodel.source.Candidate;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Decides which candidates become stubs: seeds from the coverage table, then a closure over references, then
 * pruning of anything whose supertypes could not be satisfied (the decompiler cannot build such a class).
 * Everything is kept in sorted collections so the outcome never depends on file-system or zip order.
 */
public final class Selection {

    private final Map<String, ClassFacts> pool = new TreeMap<>();
    private final Set<String> selected = new TreeSet<>();
    private final Set<String> dangling = new TreeSet<>();
    private final Set<String> pruned = new TreeSet<>();

    private Selection() {
    }

    public static Selection compute(Collection<Candidate> candidates) {
        Selection s = new Selection();
        for (Candidate c : candidates) {
            if (s.pool.containsKey(c.internalName())) {
                throw new IllegalStateException("class offered twice: " + c.internalName() + " (second from "
                        + c.container() + ")");
            }
            ClassFacts f = ClassFacts.of(c);
            if (!f.localOrAnonymous && !Coverage.excludedClass(c.origin(), c.internalName())) {
                s.pool.put(c.internalName(), f);
            }
        }
        s.close();
        s.prune();
        s.collectDangling();
        return s;
    }

    private void close() {
        Deque<String> work = new ArrayDeque<>();
        for (ClassFacts f : pool.values()) {
            Policy p = f.candidate.policy();
            // Groovy's package-private classes are seeds too, for the same reason as its package-private members
            boolean seed = (p == Policy.API && (f.isPublic() || f.candidate.origin() == Origin.GROOVY))
                    || (p == Policy.ANNOTATIONS && f.isPublic() && f.isAnnotation());
            if (seed && selected.add(f.name())) {
                work.add(f.name());
            }
        }
        while (!work.isEmpty()) {
            ClassFacts f = pool.get(work.poll());
            for (String ref : f.required) {
                pull(ref, true, work);
            }
            for (String ref : f.structural) {
                pull(ref, true, work);
            }
            for (String ref : f.memberRefs) {
                pull(ref, false, work);
            }
        }
    }

    private void pull(String ref, boolean structuralLink, Deque<String> work) {
        ClassFacts target = pool.get(ref);
        if (target == null || selected.contains(ref)) {
            return;
        }
        Policy p = target.candidate.policy();
        boolean ok = structuralLink || p == Policy.API || p == Policy.ON_DEMAND;
        if (ok && selected.add(ref)) {
            work.add(ref);
        }
    }

    /** Drops classes whose supertypes or enclosing class are missing, repeating until nothing changes. */
    private void prune() {
        boolean changed = true;
        while (changed) {
            Set<String> broken = new TreeSet<>();
            for (String n : selected) {
                if (!selected.containsAll(pool.get(n).required)) {
                    broken.add(n);
                }
            }
            changed = selected.removeAll(broken);
            pruned.addAll(broken);
        }
    }

    /**
     * Names that exposed members of kept classes mention but the model cannot offer. Stripping drops those members,
     * so this is "what was cut", not what the output still references (see ModelCheck for that).
     */
    private void collectDangling() {
        for (String n : selected) {
            ClassFacts f = pool.get(n);
            for (String ref : f.memberRefs) {
                if (!selected.contains(ref)) {
                    dangling.add(ref);
                }
            }
        }
    }

    public Set<String> selected() {
        return Collections.unmodifiableSet(selected);
    }

    public ClassFacts facts(String internalName) {
        return pool.get(internalName);
    }

    /** Classes that were wanted but dropped because a supertype or enclosing class is outside the model. */
    public Set<String> pruned() {
        return Collections.unmodifiableSet(pruned);
    }

    public Set<String> dangling() {
        return Collections.unmodifiableSet(dangling);
    }
}
