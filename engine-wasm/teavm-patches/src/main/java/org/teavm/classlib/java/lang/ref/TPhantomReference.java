package org.teavm.classlib.java.lang.ref;

/** java.lang.ref.PhantomReference: get() is always null, and TeaVM never enqueues references. */
public class TPhantomReference<T> extends TReference<T> {
    public TPhantomReference(T referent, TReferenceQueue<? super T> q) {
    }
}
