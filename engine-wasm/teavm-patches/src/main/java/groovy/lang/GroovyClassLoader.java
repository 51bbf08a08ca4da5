package groovy.lang;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.net.URL;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.Map;

import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.control.CompilationFailedException;
import org.codehaus.groovy.control.CompilerConfiguration;

import io.groovymcp.teavm.KnownClasses;

/**
 * TeaVM replacement for Groovy's class loader. The original extends URLClassLoader, defines classes from generated
 * bytecode and compiles scripts it finds; none of that exists or is wanted in the wasm engine. This version keeps the
 * surface the compiler calls: resource lookup (overridden by the engine's model loader), a resource loader for
 * scripts (never finds any), and loading by name, which only knows the compiler's own helper classes
 * ({@link KnownClasses}). Defining or parsing classes always fails: nothing is ever run.
 */
public class GroovyClassLoader extends ClassLoader {
    private static final String NO_CODE = "the wasm engine never defines or runs classes";

    private final CompilerConfiguration config;
    private GroovyResourceLoader resourceLoader = name -> null;
    private final Map<String, Class> classCache = new HashMap<>();

    public GroovyClassLoader() {
        this((ClassLoader) null, null, true);
    }

    public GroovyClassLoader(ClassLoader parent) {
        this(parent, null, true);
    }

    public GroovyClassLoader(GroovyClassLoader parent) {
        this(parent, parent.config, false);
    }

    public GroovyClassLoader(ClassLoader parent, CompilerConfiguration config) {
        this(parent, config, true);
    }

    public GroovyClassLoader(ClassLoader parent, CompilerConfiguration config, boolean useConfigurationClasspath) {
        super(parent);
        this.config = config == null ? CompilerConfiguration.DEFAULT : config;
    }

    public void setResourceLoader(GroovyResourceLoader resourceLoader) {
        if (resourceLoader == null) {
            throw new IllegalArgumentException("Resource loader must not be null!");
        }
        this.resourceLoader = resourceLoader;
    }

    public GroovyResourceLoader getResourceLoader() {
        return resourceLoader;
    }

    public Class defineClass(String name, byte[] bytes) {
        throw new UnsupportedOperationException(NO_CODE);
    }

    public Class defineClass(ClassNode classNode, String file, String newCodeBase) {
        throw new UnsupportedOperationException(NO_CODE);
    }

    public boolean hasCompatibleConfiguration(CompilerConfiguration other) {
        return config == other;
    }

    public Class parseClass(File file) throws CompilationFailedException, IOException {
        throw new UnsupportedOperationException(NO_CODE);
    }

    public Class parseClass(String text, String fileName) throws CompilationFailedException {
        throw new UnsupportedOperationException(NO_CODE);
    }

    public Class parseClass(String text) throws CompilationFailedException {
        throw new UnsupportedOperationException(NO_CODE);
    }

    public Class parseClass(Reader reader, String fileName) throws CompilationFailedException {
        throw new UnsupportedOperationException(NO_CODE);
    }

    public Class parseClass(GroovyCodeSource codeSource) throws CompilationFailedException {
        throw new UnsupportedOperationException(NO_CODE);
    }

    public Class parseClass(GroovyCodeSource codeSource, boolean shouldCacheSource) {
        throw new UnsupportedOperationException(NO_CODE);
    }

    public String generateScriptName() {
        return "script" + System.identityHashCode(this) + ".groovy";
    }

    protected String[] getClassPath() {
        return new String[0];
    }

    protected Class getClassCacheEntry(String name) {
        return classCache.get(name);
    }

    protected void setClassCacheEntry(Class cls) {
        classCache.put(cls.getName(), cls);
    }

    protected void removeClassCacheEntry(String name) {
        classCache.remove(name);
    }

    public void addURL(URL url) {
        // class path entries arrive as bytes through the engine's class model, never as URLs
    }

    public void addClasspath(String path) {
        // see addURL
    }

    public URL[] getURLs() {
        return new URL[0];
    }

    public void setShouldRecompile(Boolean mode) {
    }

    public Boolean isShouldRecompile() {
        return Boolean.FALSE;
    }

    public Class<?> loadClass(String name) throws ClassNotFoundException {
        return loadClass(name, false, true, false);
    }

    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        return loadClass(name, false, true, resolve);
    }

    public Class loadClass(String name, boolean lookupScriptFiles, boolean preferClassOverScript)
            throws ClassNotFoundException {
        return loadClass(name, lookupScriptFiles, preferClassOverScript, false);
    }

    public Class loadClass(String name, boolean lookupScriptFiles, boolean preferClassOverScript, boolean resolve)
            throws ClassNotFoundException {
        Class<?> c = KnownClasses.forName(name);
        if (c == null) {
            throw new ClassNotFoundException(name);
        }
        return c;
    }

    public URL getResource(String name) {
        return null;
    }

    public Enumeration<URL> getResources(String name) throws IOException {
        return Collections.emptyEnumeration();
    }

    @Override
    public InputStream getResourceAsStream(String name) {
        return null;
    }

    public Class[] getLoadedClasses() {
        return new Class[0];
    }

    public void clearCache() {
        classCache.clear();
    }

    public void close() throws IOException {
    }

    public String genEncodingString(CharSequence chars) {
        return Integer.toHexString(chars.toString().hashCode());
    }

    /** Kept for code that names the type; it never loads anything either. */
    public static class InnerLoader extends GroovyClassLoader {
        private final GroovyClassLoader delegate;

        public InnerLoader(GroovyClassLoader delegate) {
            super(delegate);
            this.delegate = delegate;
        }

        public long getTimeStamp() {
            return 0L;
        }

        @Override
        public Class loadClass(String name, boolean lookupScriptFiles, boolean preferClassOverScript,
                               boolean resolve) throws ClassNotFoundException {
            return delegate.loadClass(name, lookupScriptFiles, preferClassOverScript, resolve);
        }

        @Override
        public URL getResource(String name) {
            return delegate.getResource(name);
        }

        @Override
        public Enumeration<URL> getResources(String name) throws IOException {
            return delegate.getResources(name);
        }
    }
}
