package io.groovymcp.classmodel.scope;

/**
 * How a package takes part in the model. Seeds start the selection; every other class in a covered package only
 * enters when something already selected needs it, which keeps internals out while never leaving a hole that the
 * engine's decompiler would trip over (Groovy's AsmReferenceResolver throws NoClassDefFoundError on a miss).
 */
public enum Policy {
    /** Public types are seeds; non-public ones are pulled in by any reference (e.g. AbstractStringBuilder). */
    API,
    /** Public annotation types are seeds (users write them); the rest behaves like {@link #STRUCTURAL}. */
    ANNOTATIONS,
    /** Nothing is a seed; any reference from a selected type (member signature, annotation, supertype) pulls it in. */
    ON_DEMAND,
    /**
     * Nothing is a seed; only a supertype/outer/permitted-subclass link pulls it in. Used for compiler internals
     * whose member graphs would otherwise drag the whole compiler in; members naming them are dropped instead.
     */
    STRUCTURAL,
    /** Never in the model, even if referenced (shaded libraries, the parser). */
    EXCLUDED
}
