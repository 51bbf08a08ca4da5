package groovyjarjarantlr4.v4.runtime.atn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.groovy.parser.antlr4.GroovyParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import groovyjarjarantlr4.v4.runtime.dfa.DFA;

/**
 * The packed DFA configuration sets and the compact context cache (wasm-only patches: GroovyPatches delegates to
 * them) must answer exactly what ANTLR's own classes answer, for the DFA the stock parser builds on the JVM from the
 * parity corpus: same configurations in the same order, same flags, equality and hash code, same canonical contexts.
 */
class PackedDfaTest {
    private static final List<ATNConfigSet> SETS = new ArrayList<>();

    @BeforeAll
    static void warmTheParser() throws IOException {
        SETS.addAll(CorpusDfa.configSets());
        assertTrue(SETS.size() > 1000, "the corpus builds a DFA of some size: " + SETS.size());
    }

    @Test
    void packsEveryParserStateWithTheSameAnswers() {
        int configs = 0;
        for (ATNConfigSet stock : SETS) {
            assertTrue(stock.isReadOnly());
            configs += compare(stock);
        }
        assertTrue(configs > 10_000, "configurations compared: " + configs);
    }

    @Test
    void alternativesPastTheNarrowFormTakeTheWideOne() {
        ATNConfigSet stock = new ATNConfigSet();
        ATNState state = GroovyParser._ATN.states.get(GroovyParser._ATN.states.size() - 1);
        ATNConfig big = ATNConfig.create(state, 300, PredictionContext.EMPTY_FULL.getChild(17));
        big.setOuterContextDepth(3);
        stock.add(big);
        ATNConfig small = ATNConfig.create(GroovyParser._ATN.states.get(5), 2, PredictionContext.EMPTY_FULL);
        small.setPrecedenceFilterSuppressed(true);
        stock.add(small);
        assertEquals(2, compare(stock.clone(true)));
        assertEquals(2, compare(stock));
    }

    private static int compare(ATNConfigSet stock) {
        int configs = 0;
        {
            PackedConfigSet packed = PackedConfigSet.pack(stock);
            assertNotNull(packed, stock::toString);
            assertTrue(packed.isReadOnly());
            assertEquals(stock.size(), packed.size());
            assertEquals(stock.hashCode(), packed.hashCode());
            assertTrue(PackedConfigSet.setEquals(stock, packed));
            assertTrue(PackedConfigSet.setEquals(packed, stock));
            assertTrue(PackedConfigSet.setEquals(packed, PackedConfigSet.pack(stock)));
            assertEquals(stock.toString(), packed.toString());
            assertEquals(stock.getUniqueAlt(), packed.getUniqueAlt());
            assertEquals(stock.getConflictInfo(), packed.getConflictInfo());
            assertEquals(stock.getConflictingAlts(), packed.getConflictingAlts());
            assertEquals(stock.isExactConflict(), packed.isExactConflict());
            assertEquals(stock.hasSemanticContext(), packed.hasSemanticContext());
            assertEquals(stock.getDipsIntoOuterContext(), packed.getDipsIntoOuterContext());
            assertEquals(stock.isOutermostConfigSet(), packed.isOutermostConfigSet());
            assertEquals(stock.getRepresentedAlternatives(), packed.getRepresentedAlternatives());
            assertEquals(stock.getStates(), packed.getStates());
            int i = 0;
            for (ATNConfig c : packed) {
                ATNConfig s = stock.get(i++);
                assertEquals(s.getClass(), c.getClass());
                assertEquals(s, c);
                assertEquals(s.hashCode(), c.hashCode());
                assertSame(s.getState(), c.getState());
                assertSame(s.getContext(), c.getContext());
                assertSame(s.getSemanticContext(), c.getSemanticContext());
                assertEquals(s.getOuterContextDepth(), c.getOuterContextDepth());
                assertEquals(s.isPrecedenceFilterSuppressed(), c.isPrecedenceFilterSuppressed());
                configs++;
            }
            assertEquals(stock.size(), i);
            assertThrows(IllegalStateException.class, () -> packed.add(stock.get(0)));
        }
        return configs;
    }

    @Test
    void equalityBetweenStatesIsTheOriginals() {
        // neighbouring states of one decision: mostly unequal, the case the DFA's state map meets on every lookup
        for (int k = 1; k < SETS.size(); k++) {
            ATNConfigSet a = SETS.get(k - 1);
            ATNConfigSet b = SETS.get(k);
            boolean expected = a.equals(b);
            PackedConfigSet pa = PackedConfigSet.pack(a);
            PackedConfigSet pb = PackedConfigSet.pack(b);
            assertEquals(expected, PackedConfigSet.setEquals(a, pb));
            assertEquals(expected, PackedConfigSet.setEquals(pa, b));
            assertEquals(expected, PackedConfigSet.setEquals(pa, pb));
        }
    }

    @Test
    void aWritableCopyHoldsTheSameConfigurations() {
        ATNConfigSet stock = SETS.get(SETS.size() / 2);
        ATNConfigSet copy = PackedConfigSet.pack(stock).clone(false);
        assertFalse(copy.isReadOnly());
        assertEquals(stock.size(), copy.size());
        for (int i = 0; i < stock.size(); i++) {
            assertEquals(stock.get(i), copy.get(i));
        }
    }

    @Test
    void theCompactCacheCanonicalisesLikeTheOriginal() throws Exception {
        java.lang.reflect.Field f = ATN.class.getDeclaredField("contextCache");
        f.setAccessible(true);
        @SuppressWarnings("unchecked")
        Map<PredictionContext, PredictionContext> original = (Map<PredictionContext, PredictionContext>) f.get(GroovyParser._ATN);
        assertTrue(original.size() > 1000, "the corpus fills the context cache: " + original.size());
        CompactContextCache compact = new CompactContextCache();
        for (PredictionContext c : original.keySet()) {
            PredictionContext put = compact.putIfAbsent(c, c);
            assertEquals(null, put);
        }
        assertEquals(original.size(), compact.size());
        for (PredictionContext c : original.keySet()) {
            assertSame(c, compact.get(c));
            assertSame(c, compact.putIfAbsent(c, c));
            // an equal context built afresh finds the canonical one
            if (c instanceof SingletonPredictionContext) {
                SingletonPredictionContext s = (SingletonPredictionContext) c;
                assertSame(c, compact.get(new SingletonPredictionContext(s.parent, s.returnState)));
            }
        }
        assertEquals(original.size(), compact.size());
        assertEquals(null, compact.get(PredictionContext.EMPTY_FULL.getChild(Integer.MAX_VALUE - 7)));
        assertEquals(original.size(), compact.entrySet().size());
        compact.clear();
        assertEquals(0, compact.size());
        assertEquals(null, compact.get(original.keySet().iterator().next()));
    }
}
