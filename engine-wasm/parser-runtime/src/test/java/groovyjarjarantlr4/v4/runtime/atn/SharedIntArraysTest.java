package groovyjarjarantlr4.v4.runtime.atn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Field;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * SharedIntArrays (the wasm build's filter of ArrayPredictionContext.returnStates, and PackedConfigSet's codes) shares
 * one array per contents: checked on every array context and every state of the DFA the stock parser builds from the
 * parity corpus.
 */
class SharedIntArraysTest {
    @AfterEach
    void clear() {
        SharedIntArrays.clear();
    }

    /** The return-state lists of every array context reachable from the corpus DFA's configurations, as copies. */
    private static List<int[]> corpusLists() throws IOException {
        Set<PredictionContext> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<PredictionContext> work = new ArrayDeque<>();
        for (ATNConfigSet set : CorpusDfa.configSets()) {
            for (ATNConfig c : set) {
                if (seen.add(c.getContext())) {
                    work.push(c.getContext());
                }
            }
        }
        List<int[]> lists = new ArrayList<>();
        while (!work.isEmpty()) {
            PredictionContext p = work.pop();
            if (p instanceof ArrayPredictionContext) {
                lists.add(((ArrayPredictionContext) p).returnStates.clone());
            }
            for (int i = 0; i < p.size(); i++) {
                PredictionContext parent = p.getParent(i);
                if (parent != null && seen.add(parent)) {
                    work.push(parent);
                }
            }
        }
        return lists;
    }

    @Test
    void oneArrayPerListOfTheCorpus() throws IOException {
        List<int[]> lists = corpusLists();
        Set<List<Integer>> distinct = new HashSet<>();
        List<int[]> interned = new ArrayList<>();
        for (int[] list : lists) {
            List<Integer> boxed = new ArrayList<>();
            for (int s : list) {
                boxed.add(s);
            }
            boolean first = distinct.add(boxed);
            int[] shared = SharedIntArrays.returnStates(list);
            assertArrayEquals(list, shared);
            if (first) {
                assertSame(list, shared, "the first array with a list is the one kept");
            }
            interned.add(shared);
        }
        assertTrue(lists.size() > 10 * distinct.size(), "the corpus shares lists: " + lists.size() + " arrays, "
                + distinct.size() + " lists");
        assertEquals(distinct.size(), SharedIntArrays.sizes()[0]);
        // asking again, with fresh copies, finds the same arrays
        for (int i = 0; i < lists.size(); i++) {
            assertSame(interned.get(i), SharedIntArrays.returnStates(lists.get(i).clone()));
        }
        assertEquals(distinct.size(), SharedIntArrays.sizes()[0]);
    }

    @Test
    void packedSetsWithTheSameCodesShareOneArray() throws Exception {
        SharedIntArrays.clear();
        Field codesField = PackedConfigSet.class.getDeclaredField("codes");
        codesField.setAccessible(true);
        Map<List<Integer>, int[]> byContents = new HashMap<>();
        int packed = 0;
        for (ATNConfigSet set : CorpusDfa.configSets()) {
            PackedConfigSet p = PackedConfigSet.pack(set);
            if (p == null) {
                continue;
            }
            packed++;
            int[] codes = (int[]) codesField.get(p);
            List<Integer> boxed = new ArrayList<>();
            for (int c : codes) {
                boxed.add(c);
            }
            int[] first = byContents.putIfAbsent(boxed, codes);
            if (first != null) {
                assertSame(first, codes, "a second set with the same codes holds the first one's array");
            }
            assertTrue(p.equals(set) && p.hashCode() == set.hashCode(), "a packed set still equals its source");
        }
        assertTrue(4 * byContents.size() < 3 * packed, "the corpus shares codes: " + packed + " sets, "
                + byContents.size() + " code lists");
        assertEquals(byContents.size(), SharedIntArrays.sizes()[1]);
    }

    @Test
    void differentListsStayApartAndClearForgets() {
        int[] a = {3, 7};
        int[] b = {3, 8};
        int[] c = {7, 3};
        assertSame(a, SharedIntArrays.returnStates(a));
        assertSame(b, SharedIntArrays.returnStates(b));
        assertSame(c, SharedIntArrays.returnStates(c));
        assertSame(a, SharedIntArrays.returnStates(new int[] {3, 7}));
        assertNull(SharedIntArrays.returnStates(null));
        assertEquals(3, SharedIntArrays.sizes()[0]);
        SharedIntArrays.clear();
        assertEquals(0, SharedIntArrays.sizes()[0]);
        int[] again = {3, 7};
        assertNotSame(a, SharedIntArrays.returnStates(again));
        assertEquals(1, SharedIntArrays.sizes()[0]);
        assertTrue(Arrays.equals(a, again));
    }
}
