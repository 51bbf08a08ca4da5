package groovyjarjarantlr4.v4.runtime.dfa;

import java.lang.reflect.Field;

/**
 * {@code DFA.isEmpty()} without copying edge maps. ANTLR answers it for a precedence DFA with
 * {@code s0.getEdgeMap().isEmpty()}, and {@code getEdgeMap()} copies the state's edges into a new TreeMap of boxed
 * keys; {@code adaptivePredict} asks at every prediction of a precedence decision (Groovy's {@code expression}, the
 * parser's most frequent one), so a warm compile in wasm spent 4-5% of its time building maps that are only asked
 * whether they are empty (docs/performance.md, "The parser's DFA"). The answer here is the same question put to
 * the edge map itself, for the two map kinds whose own {@code isEmpty} counts exactly the entries {@code toMap}
 * copies (a hash map's non-null values; none); any other kind still gets ANTLR's copy.
 */
public final class DfaEmptiness {
    private DfaEmptiness() {
    }

    /** What {@code DFA.isEmpty()} answers; GroovyPatches makes it that method's body. */
    public static boolean isEmpty(DFA dfa) {
        if (dfa.isPrecedenceDfa()) {
            return edgesEmpty(dfa.s0.get()) && edgesEmpty(dfa.s0full.get());
        }
        return dfa.s0.get() == null && dfa.s0full.get() == null;
    }

    static boolean edgesEmpty(DFAState state) {
        AbstractEdgeMap<DFAState> edges = edges(state);
        if (edges instanceof HashEdgeMap || edges instanceof EmptyEdgeMap) {
            return edges.isEmpty();
        }
        return state.getEdgeMap().isEmpty();
    }

    /**
     * The state's private edge map. GroovyPatches replaces this body with a direct read of the field, which TeaVM
     * allows; reflection is for the JVM, where only the tests call this class.
     */
    @SuppressWarnings("unchecked")
    static AbstractEdgeMap<DFAState> edges(DFAState state) {
        try {
            Field f = DFAState.class.getDeclaredField("edges");
            f.setAccessible(true);
            return (AbstractEdgeMap<DFAState>) f.get(state);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("DFAState.edges is not readable", e);
        }
    }
}
