package io.groovymcp.classmodel.scope;

/** Where a class file comes from; the two halves are licensed differently (see docs/engine-classmodel.md). */
public enum Origin {
    JDK,
    GROOVY
}
