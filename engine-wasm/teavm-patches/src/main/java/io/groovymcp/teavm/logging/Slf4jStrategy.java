package io.groovymcp.teavm.logging;

import groovy.lang.GroovyClassLoader;

/** {@code @Slf4j}: {@code org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(category)}. */
public final class Slf4jStrategy extends FactoryStrategy {
    public Slf4jStrategy(GroovyClassLoader loader) {
        super(loader, "org.slf4j.Logger", "org.slf4j.LoggerFactory", "getLogger", "error|warn|info|debug|trace");
    }
}
