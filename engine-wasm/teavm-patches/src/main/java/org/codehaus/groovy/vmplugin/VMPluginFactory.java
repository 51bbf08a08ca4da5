package org.codehaus.groovy.vmplugin;

import io.groovymcp.teavm.ClassModelVMPlugin;

/**
 * TeaVM replacement for Groovy's plugin factory, which picks a plugin class by Java version and instantiates it by
 * reflection. The wasm engine always uses the plugin that describes library classes from the class model.
 */
public class VMPluginFactory {
    private static final VMPlugin PLUGIN = new ClassModelVMPlugin();

    public static VMPlugin getPlugin() {
        return PLUGIN;
    }
}
