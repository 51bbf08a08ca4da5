package io.groovymcp.teavm.logging;

import groovy.lang.GroovyClassLoader;

/** {@code @Commons}: {@code org.apache.commons.logging.Log log = LogFactory.getLog(category)}. */
public final class CommonsStrategy extends FactoryStrategy {
    public CommonsStrategy(GroovyClassLoader loader) {
        super(loader, "org.apache.commons.logging.Log", "org.apache.commons.logging.LogFactory", "getLog",
                "fatal|error|warn|info|debug|trace");
    }
}
