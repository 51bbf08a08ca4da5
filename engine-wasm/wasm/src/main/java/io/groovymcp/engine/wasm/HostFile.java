package io.groovymcp.engine.wasm;

import org.teavm.jso.JSFunctor;
import org.teavm.jso.JSObject;

/**
 * The host's reader of a file it keeps (the class model): {@code (offset, length) => Int8Array} of exactly that
 * range. Called synchronously from inside a request, the first time it needs a pack of the model.
 */
@JSFunctor
public interface HostFile extends JSObject {
    byte[] read(int offset, int length);
}
