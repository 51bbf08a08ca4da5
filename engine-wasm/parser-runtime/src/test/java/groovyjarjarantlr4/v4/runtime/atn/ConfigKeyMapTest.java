package groovyjarjarantlr4.v4.runtime.atn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Random;

import org.apache.groovy.parser.antlr4.GroovyParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import groovyjarjarantlr4.v4.runtime.dfa.DFA;

/**
 * ConfigKeyMap (the wasm build's merge map of a writable ATNConfigSet: GroovyPatches' construct rewrite) must answer
 * what java.util.HashMap answers for the operations the set makes, on the keys real Groovy produces, and a writable
 * set holding it must end in the same state as the stock set after the same adds, merges, copies and removals.
 */
class ConfigKeyMapTest {
    private static final List<ATNConfigSet> SETS = new ArrayList<>();

    @BeforeAll
    static void warmTheParser() throws IOException {
        for (ATNConfigSet c : CorpusDfa.configSets()) {
            if (c.size() > 0) {
                SETS.add(c);
            }
        }
        assertTrue(SETS.size() > 1000, "the corpus builds a DFA of some size: " + SETS.size());
    }

    @Test
    void answersAsHashMapOnTheKeysOfRealSets() {
        Random random = new Random(10);
        long ops = 0;
        long collidingKeys = 0;
        for (ATNConfigSet set : SETS) {
            HashMap<Long, ATNConfig> stock = new HashMap<>();
            HashMap<Long, ATNConfig> ours = new ConfigKeyMap();
            List<Long> seen = new ArrayList<>();
            for (ATNConfig c : set) {
                Long key = set.getKey(c);
                assertSame(stock.get(key), ours.get(key));
                assertEquals(stock.containsKey(key), ours.get(key) != null);
                assertSame(stock.put(key, c), ours.put(key, c));
                seen.add(key);
                if ((key & 0xFFF) == (seen.get(0) & 0xFFF)) {
                    collidingKeys++; // what TeaVM's HashMap puts in one bucket
                }
                ops += 3;
                int roll = random.nextInt(20);
                if (roll == 0) {
                    Long gone = seen.get(random.nextInt(seen.size()));
                    assertSame(stock.remove(gone), ours.remove(gone));
                    ops++;
                } else if (roll == 1) {
                    // a copy diverges from its source from here on, as HashMap's clone does
                    @SuppressWarnings("unchecked")
                    HashMap<Long, ATNConfig> stockCopy = (HashMap<Long, ATNConfig>) stock.clone();
                    @SuppressWarnings("unchecked")
                    HashMap<Long, ATNConfig> ourCopy = (HashMap<Long, ATNConfig>) ours.clone();
                    assertTrue(ourCopy instanceof ConfigKeyMap);
                    Long gone = seen.get(random.nextInt(seen.size()));
                    assertSame(stock.remove(gone), ours.remove(gone));
                    same(stockCopy, ourCopy, seen);
                    stock = stockCopy;
                    ours = ourCopy;
                    ops++;
                }
                assertEquals(stock.size(), count(ours));
            }
            same(stock, ours, seen);
            ours.clear();
            assertEquals(0, count(ours));
            assertSame(null, ours.get(seen.get(0)));
        }
        assertTrue(ops > 100_000, "operations compared: " + ops);
        assertTrue(collidingKeys > 10_000, "keys sharing an alternative: " + collidingKeys);
    }

    @Test
    void answersAsHashMapOnAnyLongKeys() {
        Random random = new Random(11);
        HashMap<Long, ATNConfig> stock = new HashMap<>();
        ConfigKeyMap ours = new ConfigKeyMap(3);
        ATNConfig[] values = new ATNConfig[64];
        for (int i = 0; i < values.length; i++) {
            values[i] = ATNConfig.create(GroovyParser._ATN.states.get(i), 1, PredictionContext.EMPTY_FULL);
        }
        List<Long> keys = new ArrayList<>();
        for (int k = 0; k < 200_000; k++) {
            long key;
            switch (random.nextInt(4)) {
                case 0: key = random.nextLong(); break;
                case 1: key = -random.nextInt(1000); break;
                case 2: key = (long) random.nextInt(1 << 20) << 12 | 1; break; // one alternative, many states
                default: key = keys.isEmpty() ? 0 : keys.get(random.nextInt(keys.size())); break;
            }
            keys.add(key);
            int op = random.nextInt(10);
            if (op < 6) {
                ATNConfig v = values[random.nextInt(values.length)];
                assertSame(stock.put(key, v), ours.put(key, v));
            } else if (op < 9) {
                assertSame(stock.remove(key), ours.remove(key));
            } else {
                assertSame(stock.get(key), ours.get(key));
            }
            assertEquals(stock.size(), count(ours));
        }
        same(stock, ours, keys);
        assertTrue(stock.size() > 10_000, "the table grew: " + stock.size());
        for (Long key : keys) {
            assertSame(stock.remove(key), ours.remove(key));
        }
        assertEquals(0, count(ours));
        assertSame(null, ours.get("not a long"));
    }

    @Test
    void aWritableSetHoldingItEndsAsTheStockSetDoes() throws Exception {
        Field merged = ATNConfigSet.class.getDeclaredField("mergedConfigs");
        merged.setAccessible(true);
        int compared = 0;
        for (int k = 0; k < SETS.size(); k++) {
            ATNConfigSet source = SETS.get(k);
            ATNConfigSet other = SETS.get((k + 1) % SETS.size());
            ATNConfigSet stock = new ATNConfigSet();
            ATNConfigSet ours = new ATNConfigSet();
            merged.set(ours, new ConfigKeyMap());
            List<ATNConfig> forStock = adds(source, other, k);
            List<ATNConfig> forOurs = adds(source, other, k);
            for (int i = 0; i < forStock.size(); i++) {
                assertEquals(stock.add(forStock.get(i)), ours.add(forOurs.get(i)), "add " + i + " of set " + k);
                if (i == forStock.size() / 2) {
                    // a writable copy of a writable set clones the map
                    stock = stock.clone(false);
                    ours = ours.clone(false);
                    assertTrue(merged.get(ours) instanceof ConfigKeyMap);
                }
            }
            same(stock, ours);
            for (ATNConfig c : adds(source, other, k)) {
                assertEquals(stock.contains(c), ours.contains(c));
            }
            if (stock.size() > 2) {
                stock.remove(1);
                ours.remove(1);
                stock.remove(stock.size() - 1);
                ours.remove(ours.size() - 1);
                same(stock, ours);
                List<ATNConfig> again = adds(source, other, k);
                List<ATNConfig> againOurs = adds(source, other, k);
                for (int i = 0; i < again.size(); i++) {
                    assertEquals(stock.add(again.get(i)), ours.add(againOurs.get(i)));
                }
                same(stock, ours);
            }
            stock.clear();
            ours.clear();
            stock.add(adds(source, other, k).get(0));
            ours.add(adds(source, other, k).get(0));
            same(stock, ours);
            compared++;
        }
        assertTrue(compared > 1000);
    }

    /**
     * Fresh configurations to add: each of the state's own, then, for some, the same state and alternative with the
     * neighbouring state's context (a merge, which joins the contexts), and a few with a predicate (kept apart).
     */
    private static List<ATNConfig> adds(ATNConfigSet source, ATNConfigSet other, int seed) {
        Random random = new Random(seed);
        List<ATNConfig> out = new ArrayList<>();
        for (ATNConfig c : source) {
            out.add(c.transform(c.getState(), false));
        }
        for (ATNConfig c : source) {
            int roll = random.nextInt(4);
            if (roll == 0) {
                out.add(c.transform(c.getState(), other.get(random.nextInt(other.size())).getContext(), false));
            } else if (roll == 1) {
                ATNConfig deeper = c.transform(c.getState(), false);
                deeper.setOuterContextDepth(c.getOuterContextDepth() + 1);
                out.add(deeper);
            } else if (roll == 2 && random.nextInt(8) == 0) {
                SemanticContext p = new SemanticContext.Predicate(random.nextInt(3), random.nextInt(3), false);
                out.add(c.transform(c.getState(), p, false));
            }
        }
        return out;
    }

    private static int count(HashMap<Long, ATNConfig> ours) {
        return ((ConfigKeyMap) ours).count();
    }

    private static void same(HashMap<Long, ATNConfig> stock, HashMap<Long, ATNConfig> ours, List<Long> keys) {
        assertEquals(stock.size(), count(ours));
        for (Long key : keys) {
            assertSame(stock.get(key), ours.get(key), "key " + key);
        }
    }

    private static void same(ATNConfigSet stock, ATNConfigSet ours) {
        assertEquals(stock.size(), ours.size());
        for (int i = 0; i < stock.size(); i++) {
            ATNConfig s = stock.get(i);
            ATNConfig o = ours.get(i);
            assertEquals(s.getClass(), o.getClass());
            assertEquals(s, o);
            assertEquals(s.getContext(), o.getContext());
            assertEquals(s.getOuterContextDepth(), o.getOuterContextDepth());
            assertEquals(s.isPrecedenceFilterSuppressed(), o.isPrecedenceFilterSuppressed());
        }
        assertEquals(stock.getUniqueAlt(), ours.getUniqueAlt());
        assertEquals(stock.hasSemanticContext(), ours.hasSemanticContext());
        assertEquals(stock.getDipsIntoOuterContext(), ours.getDipsIntoOuterContext());
        assertEquals(stock.hashCode(), ours.hashCode());
        assertEquals(stock, ours);
        assertEquals(stock.toString(), ours.toString());
    }
}
