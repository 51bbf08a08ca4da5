package io.groovymcp.engine.classmodel;

import java.net.URL;
import java.util.Collections;
import java.util.Enumeration;

import groovy.lang.GroovyClassLoader;
import org.codehaus.groovy.control.CompilerConfiguration;

/**
 * The compiler's class loader, reduced to a view of the class model. Resources (class files, descriptors) come only
 * from the model, so the JVM oracle and the wasm engine resolve against the same bytes, and service descriptors such
 * as global AST transforms are never found. Groovy sources are never looked up on a path.
 */
public final class ModelClassLoader extends GroovyClassLoader {
    private final ClassModel model;
    private final CompilerConfiguration config;

    public ModelClassLoader(ClassLoader parent, CompilerConfiguration config, ClassModel model) {
        super(parent, config, false);
        this.model = model;
        this.config = config;
        setResourceLoader(name -> null);
    }

    @Override
    public URL getResource(String name) {
        return ModelUrls.of(model, name);
    }

    @Override
    public Enumeration<URL> getResources(String name) {
        URL u = getResource(name);
        return u == null ? Collections.emptyEnumeration() : Collections.enumeration(Collections.singletonList(u));
    }

    public CompilerConfiguration configuration() {
        return config;
    }

    public ClassModel model() {
        return model;
    }
}
