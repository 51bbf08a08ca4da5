package io.groovymcp.lint.rules.declarative;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one Jenkins controller has installed, from the JSON its script console exports (docs/rules.md): the names of
 * its steps, options, triggers, parameter types, tool types, agent types and when conditions. Without one
 * ({@link #NONE}) every check that depends on installed plugins is skipped.
 */
public final class SiteCatalogue {
    /** The kinds of names an export lists, as the JSON keys. */
    public static final List<String> KINDS = Collections.unmodifiableList(java.util.Arrays.asList(
            "steps", "options", "triggers", "parameters", "tools", "agents", "when"));

    public static final SiteCatalogue NONE = new SiteCatalogue(Collections.<String, Set<String>>emptyMap());

    private final Map<String, Set<String>> names;

    private SiteCatalogue(Map<String, Set<String>> names) {
        this.names = names;
    }

    /** A catalogue from lists of names by kind (keys outside {@link #KINDS} are ignored). */
    public static SiteCatalogue of(Map<String, List<String>> lists) {
        if (lists == null || lists.isEmpty()) {
            return NONE;
        }
        Map<String, Set<String>> m = new LinkedHashMap<>();
        for (String k : KINDS) {
            List<String> l = lists.get(k);
            if (l != null) {
                m.put(k, Collections.unmodifiableSet(new LinkedHashSet<>(l)));
            }
        }
        return new SiteCatalogue(Collections.unmodifiableMap(m));
    }

    /** Whether {@code name} is a known entry of {@code section}; true when the catalogue does not list that kind. */
    boolean knows(String section, String name) {
        Set<String> s = names.get(section);
        return s == null || s.contains(name);
    }

    boolean hasAgentTypes() {
        return names.containsKey("agents");
    }

    boolean agentType(String name) {
        return knows("agents", name);
    }

    /** A when condition that a plugin of this controller contributes (never true without a catalogue). */
    boolean whenCondition(String name) {
        Set<String> s = names.get("when");
        return s != null && s.contains(name);
    }
}
