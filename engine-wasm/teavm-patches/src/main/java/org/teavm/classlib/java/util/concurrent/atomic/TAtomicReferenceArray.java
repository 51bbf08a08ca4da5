package org.teavm.classlib.java.util.concurrent.atomic;

import java.util.Arrays;

/** java.util.concurrent.atomic.AtomicReferenceArray on one thread; ANTLR's DFA edge maps are built on it. */
public class TAtomicReferenceArray<E> implements java.io.Serializable {
    private final Object[] array;

    public TAtomicReferenceArray(int length) {
        array = new Object[length];
    }

    public TAtomicReferenceArray(E[] values) {
        array = Arrays.copyOf(values, values.length, Object[].class);
    }

    public final int length() {
        return array.length;
    }

    @SuppressWarnings("unchecked")
    public final E get(int i) {
        return (E) array[i];
    }

    public final void set(int i, E v) {
        array[i] = v;
    }

    public final void lazySet(int i, E v) {
        array[i] = v;
    }

    @SuppressWarnings("unchecked")
    public final E getAndSet(int i, E v) {
        Object old = array[i];
        array[i] = v;
        return (E) old;
    }

    public final boolean compareAndSet(int i, E expect, E update) {
        if (array[i] != expect) {
            return false;
        }
        array[i] = update;
        return true;
    }

    public final boolean weakCompareAndSet(int i, E expect, E update) {
        return compareAndSet(i, expect, update);
    }

    @Override
    public String toString() {
        return Arrays.toString(array);
    }
}
