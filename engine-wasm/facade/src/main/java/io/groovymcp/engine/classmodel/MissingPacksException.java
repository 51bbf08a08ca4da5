package io.groovymcp.engine.classmodel;

import java.io.IOException;
import java.util.List;

/**
 * A step that cannot be done right without class-model packs that are not loaded (a core model without its
 * extras). Nothing was changed; the host adds the named packs and repeats the step.
 */
public final class MissingPacksException extends IOException {
    private static final long serialVersionUID = 1L;
    private final transient List<String> packs;

    public MissingPacksException(List<String> packs) {
        super("class model packs not loaded: " + String.join(", ", packs));
        this.packs = List.copyOf(packs);
    }

    /** Extra pack names (file names without ".bin"). */
    public List<String> packs() {
        return packs;
    }
}
