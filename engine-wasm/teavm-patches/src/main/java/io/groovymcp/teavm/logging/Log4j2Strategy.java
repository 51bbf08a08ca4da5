package io.groovymcp.teavm.logging;

import groovy.lang.GroovyClassLoader;

/** {@code @Log4j2}: {@code org.apache.logging.log4j.Logger log = LogManager.getLogger(category)}. */
public final class Log4j2Strategy extends FactoryStrategy {
    public Log4j2Strategy(GroovyClassLoader loader) {
        super(loader, "org.apache.logging.log4j.Logger", "org.apache.logging.log4j.LogManager", "getLogger",
                "fatal|error|warn|info|debug|trace");
    }
}
