package io.groovymcp.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.groovymcp.engine.compile.DependencyClosure;
import io.groovymcp.engine.op.EngineException;
import io.groovymcp.engine.text.SourceText;

/** Open buffers by URI, in opening order (which is also the compile order, so compiles are deterministic). */
final class Buffers {
    /** The cap until the host configures its own (the host's limit is the one users see). */
    static final int DEFAULT_MAX_OPEN = 64;

    static final class Buffer {
        final String uri;
        final SourceText text;
        final long version;
        private DependencyClosure.Names names;

        Buffer(String uri, String text, long version) {
            this.uri = uri;
            this.text = new SourceText(text);
            this.version = version;
        }

        /** The words and declared names of this text, scanned on first use (a text never changes). */
        DependencyClosure.Names names() {
            if (names == null) {
                names = DependencyClosure.scan(uri, text.text());
            }
            return names;
        }
    }

    private final Map<String, Buffer> open = new LinkedHashMap<>();
    private long stamp;
    private int maxOpen = DEFAULT_MAX_OPEN;

    void setMaxOpen(int n) {
        maxOpen = n;
    }

    int maxOpen() {
        return maxOpen;
    }

    Buffer open(String uri, String text) {
        Buffer old = open.get(uri);
        if (old != null && old.text.text().equals(text)) {
            return old;
        }
        if (old == null && open.size() >= maxOpen) {
            throw new EngineException(EngineException.Kind.STATE, "too many open buffers (the limit is " + maxOpen
                    + "); close one first");
        }
        Buffer b = new Buffer(uri, text, old == null ? 1 : old.version + 1);
        open.put(uri, b);
        stamp++;
        return b;
    }

    boolean close(String uri) {
        if (open.remove(uri) != null) {
            stamp++;
            return true;
        }
        return false;
    }

    Buffer get(String uri) {
        return open.get(uri);
    }

    Map<String, String> texts() {
        Map<String, String> m = new LinkedHashMap<>();
        for (Buffer b : open.values()) {
            m.put(b.uri, b.text.text());
        }
        return m;
    }

    /**
     * The buffers a compile of {@code uri} needs (see {@link DependencyClosure}), in opening order. Each entry is the
     * Buffer itself, so a list compared entry by entry with {@code ==} tells whether any member changed since.
     */
    List<Buffer> closure(String uri) {
        List<String> uris = new ArrayList<>(open.keySet());
        List<DependencyClosure.Names> names = new ArrayList<>();
        for (Buffer b : open.values()) {
            names.add(b.names());
        }
        List<Buffer> out = new ArrayList<>();
        for (String u : DependencyClosure.of(uri, uris, names)) {
            out.add(open.get(u));
        }
        return out;
    }

    /** The closure of {@code uri} with its text replaced by {@code text} (a query's private patch), as texts. */
    Map<String, String> closureTexts(String uri, String text) {
        List<String> uris = new ArrayList<>(open.keySet());
        List<DependencyClosure.Names> names = new ArrayList<>();
        for (Buffer b : open.values()) {
            names.add(b.uri.equals(uri) ? DependencyClosure.scan(uri, text) : b.names());
        }
        Map<String, String> m = new LinkedHashMap<>();
        for (String u : DependencyClosure.of(uri, uris, names)) {
            m.put(u, u.equals(uri) ? text : open.get(u).text.text());
        }
        return m;
    }

    Iterable<Buffer> all() {
        return open.values();
    }

    int size() {
        return open.size();
    }

    /** Changes whenever any buffer opens, changes or closes. */
    long stamp() {
        return stamp;
    }
}
