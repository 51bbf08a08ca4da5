package io.groovymcp.teavm;

import java.io.IOException;
import java.net.URL;
import java.util.Collection;
import java.util.Collections;
import java.util.Enumeration;
import java.util.regex.Matcher;
import java.util.stream.Stream;

import groovy.lang.GroovyClassLoader;

/**
 * Static stand-ins for JDK methods that TeaVM's classlib lacks. {@link GroovyPatches} rewrites each call site in the
 * compiler to call the method here with the receiver as first argument. Each says what it does instead and why
 * that is equivalent for a compiler that never runs code.
 */
public final class Compat {
    private Compat() {
    }

    /** ClassLoader.loadClass(String): only Groovy's loader can load anything (see KnownClasses). */
    public static Class<?> loadClass(ClassLoader loader, String name) throws ClassNotFoundException {
        if (loader instanceof GroovyClassLoader) {
            return ((GroovyClassLoader) loader).loadClass(name);
        }
        throw new ClassNotFoundException(name);
    }

    /** ClassLoader.getResources(String): resources exist only in the engine's class model. */
    public static Enumeration<URL> getResources(ClassLoader loader, String name) throws IOException {
        if (loader instanceof GroovyClassLoader) {
            return ((GroovyClassLoader) loader).getResources(name);
        }
        return Collections.emptyEnumeration();
    }

    /** ClassLoader.getResource(String): resources exist only in the engine's class model. */
    public static URL getResource(ClassLoader loader, String name) {
        if (loader instanceof GroovyClassLoader) {
            return ((GroovyClassLoader) loader).getResource(name);
        }
        return null;
    }

    /** Matcher.appendReplacement(StringBuilder, String), through the StringBuffer overload TeaVM has. */
    public static Matcher appendReplacement(Matcher m, StringBuilder sb, String replacement) {
        StringBuffer buf = new StringBuffer();
        m.appendReplacement(buf, replacement);
        sb.append(buf);
        return m;
    }

    /** Matcher.appendTail(StringBuilder), through the StringBuffer overload. */
    public static StringBuilder appendTail(Matcher m, StringBuilder sb) {
        StringBuffer buf = new StringBuffer();
        m.appendTail(buf);
        return sb.append(buf);
    }

    /** Collection.parallelStream(): one thread, so a sequential stream is the same computation. */
    public static <E> Stream<E> parallelStream(Collection<E> c) {
        return c.stream();
    }

    /** Class.isAnonymousClass(): anonymous classes are named Outer$N. */
    public static boolean isAnonymousClass(Class<?> c) {
        String n = c.getName();
        int i = n.lastIndexOf('$');
        return i >= 0 && i + 1 < n.length() && Character.isDigit(n.charAt(i + 1));
    }

    /** Class.desiredAssertionStatus(): assertions off, as in a JVM started without -ea. */
    public static boolean desiredAssertionStatus(Class<?> c) {
        return false;
    }

    /** Class.getPackageName(). */
    public static String getPackageName(Class<?> c) {
        String n = c.getName();
        int i = n.lastIndexOf('.');
        return i < 0 ? "" : n.substring(0, i);
    }

    /** Modifier.methodModifiers(): the JDK's constant. */
    public static int methodModifiers() {
        return 0x0D3F;
    }

    /** Modifier.constructorModifiers(): the JDK's constant. */
    public static int constructorModifiers() {
        return 0x0007;
    }

    /** SecurityManager checks: there is no security manager in the engine. */
    public static void checkPermission(SecurityManager sm, java.security.Permission p) {
    }

    public static void checkPackageAccess(SecurityManager sm, String pkg) {
    }

    public static void checkCreateClassLoader(SecurityManager sm) {
    }

    /** Field.setBoolean: only Groovy's runtime metaclass plumbing calls it, which the compiler never runs. */
    public static void setBoolean(java.lang.reflect.Field f, Object target, boolean value) {
        throw new UnsupportedOperationException("reflection is not available in the wasm engine");
    }

    /** Array.newInstance(Class, int...): multi-dimensional arrays are only made by Groovy's runtime. */
    public static Object newMultiArray(Class<?> type, int[] dims) {
        throw new UnsupportedOperationException("reflection is not available in the wasm engine");
    }

    /** Thread.start(): the engine is single-threaded and never runs user code. */
    public static void startThread(Thread t) {
        throw new UnsupportedOperationException("threads are not available in the wasm engine");
    }

    /** Thread.sleep(long): nothing else can run meanwhile, so there is nothing to wait for. */
    public static void sleep(long millis) {
    }

    public static void join(Thread t) {
    }

    public static void join(Thread t, long millis) {
    }

    public static void yieldThread() {
    }

    /** Object.wait(...): with one thread no notify can ever come. */
    public static void waitOn(Object o) {
        throw new IllegalMonitorStateException("no other thread can notify in the wasm engine");
    }

    public static void waitOn(Object o, long millis) {
        throw new IllegalMonitorStateException("no other thread can notify in the wasm engine");
    }

    public static void waitOn(Object o, long millis, int nanos) {
        throw new IllegalMonitorStateException("no other thread can notify in the wasm engine");
    }

    /** ReferenceQueue.remove(...): TeaVM never enqueues references, so nothing would ever arrive. */
    public static java.lang.ref.Reference<?> removeReference(java.lang.ref.ReferenceQueue<?> q) {
        return null;
    }

    public static java.lang.ref.Reference<?> removeReference(java.lang.ref.ReferenceQueue<?> q, long timeout) {
        return null;
    }

    /**
     * DefaultGroovyMethodsSupport.cloneSimilarCollection: a copy of the same kind (sorted, linked, list or set)
     * with room for {@code newCapacity} elements, without Groovy's reflective clone.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static Collection cloneSimilarCollection(Collection orig, int newCapacity) {
        if (orig instanceof java.util.SortedSet) {
            java.util.TreeSet s = new java.util.TreeSet(((java.util.SortedSet) orig).comparator());
            s.addAll(orig);
            return s;
        }
        if (orig instanceof java.util.Set) {
            return new java.util.LinkedHashSet(orig);
        }
        if (orig instanceof java.util.LinkedList) {
            return new java.util.LinkedList(orig);
        }
        java.util.ArrayList l = new java.util.ArrayList(Math.max(newCapacity, orig.size()));
        l.addAll(orig);
        return l;
    }

    /** TypeCheckingContext.pushErrorCollector(): a fresh collector with the current one's configuration. */
    public static org.codehaus.groovy.control.ErrorCollector pushErrorCollector(
            org.codehaus.groovy.transform.stc.TypeCheckingContext ctx) {
        org.codehaus.groovy.control.ErrorCollector current = ctx.getErrorCollector();
        org.codehaus.groovy.control.CompilerConfiguration config = current != null ? current.getConfiguration()
                : ctx.getSource().getConfiguration();
        org.codehaus.groovy.control.ErrorCollector collector = new org.codehaus.groovy.control.ErrorCollector(config);
        ctx.pushErrorCollector(collector);
        return collector;
    }

    /** {@code AbstractLoggingStrategy.classNode(name)}: the class model instead of Class.forName, same failure. */
    public static org.codehaus.groovy.ast.ClassNode loggingClassNode(
            org.codehaus.groovy.transform.LogASTTransformation.AbstractLoggingStrategy self, String name) {
        org.codehaus.groovy.ast.ClassNode c = io.groovymcp.engine.classmodel.LibraryHooks.modelClass(name);
        if (c == null) {
            throw new groovy.lang.GroovyRuntimeException("Unable to load class: " + name,
                    new ClassNotFoundException(name));
        }
        return c;
    }

    /** {@code GeneratedMetaMethod.DgmMethodRecord.loadDgmInfo()}: no generated call-site classes in wasm. */
    public static java.util.List<org.codehaus.groovy.reflection.GeneratedMetaMethod.DgmMethodRecord> noDgmInfo() {
        return new java.util.ArrayList<>();
    }

    /**
     * {@code ClosureSignatureHint.findClassNode}: the same steps, but a type that is neither a source class nor one
     * of ClassHelper's cached types comes from the class model instead of {@code Class.forName} (which in wasm finds
     * only the hint classes, leaving File or DataInputStream as empty placeholders, issue 11 item 9). The JVM's
     * reflection-backed node and the model's decompiled one have the same members.
     */
    public static org.codehaus.groovy.ast.ClassNode findHintClassNode(groovy.transform.stc.ClosureSignatureHint self,
            org.codehaus.groovy.control.SourceUnit sourceUnit, org.codehaus.groovy.control.CompilationUnit unit,
            String className) {
        if (className.endsWith("[]")) {
            return findHintClassNode(self, sourceUnit, unit, className.substring(0, className.length() - 2))
                    .makeArray();
        }
        int generics = className.indexOf('<');
        if (generics > 0) {
            className = className.substring(0, generics);
            sourceUnit.getErrorCollector().addWarning(1, self.getClass().getSimpleName()
                    + " doesn't support generics", null, null);
        }
        org.codehaus.groovy.ast.ClassNode cn = unit.getClassNode(className);
        if (cn == null) {
            cn = org.codehaus.groovy.ast.ClassHelper.make(className);
            if (!org.codehaus.groovy.ast.ClassHelper.isCachedType(cn)) {
                org.codehaus.groovy.ast.ClassNode model = io.groovymcp.engine.classmodel.LibraryHooks.modelClass(className);
                if (model != null) {
                    cn = model;
                }
            }
            if (cn.getGenericsTypes() != null) {
                cn = cn.getPlainNodeReference();
            }
        }
        return cn;
    }
    /**
     * InvokerHelper.invokeMethod(Object, String, Object) for the two names the compiler's own code reaches through
     * Groovy's runtime helpers: DefaultTypeTransformation.compareEqual ends in a dynamic {@code equals} and
     * compareToWithEqualityCheck in a dynamic {@code compareTo} (the type checker de-duplicates narrowed types with
     * DefaultGroovyMethods.unique, which compares ClassNodes this way). In wasm the runtime metaclass of a compiler
     * class has no methods (nothing is reflectable), so the dynamic call fails with MissingMethodException where the
     * JVM finds the class's own method. The compiler's objects are plain Java classes with no metaclass changes and
     * one equals(Object)/compareTo, so a direct call is what the JVM's dispatch selects; any other name (or an
     * argument list) keeps the original path.
     */
    public static Object invokeMethod(Object object, String methodName, Object arguments) {
        if (object != null && "asBoolean".equals(methodName) && arguments instanceof Object[]
                && ((Object[]) arguments).length == 0) {
            Boolean truth = groovyTruth(object);
            if (truth != null) {
                return truth;
            }
        }
        if (object != null && !(arguments instanceof Object[])) {
            if ("equals".equals(methodName)) {
                return object.equals(arguments);
            }
            if ("compareTo".equals(methodName) && object instanceof Comparable) {
                @SuppressWarnings("unchecked")
                Comparable<Object> c = (Comparable<Object>) object;
                return c.compareTo(arguments);
            }
        }
        return org.codehaus.groovy.runtime.InvokerHelper.invokeMethod(object, methodName, arguments);
    }
    /**
     * Groovy truth of a non-Boolean value, as the GDK method that the dynamic {@code asBoolean()} call of
     * {@code DefaultTypeTransformation.castToBoolean} selects on the JVM; null for a type not listed, which keeps the
     * original path. The compiler reaches it with annotation constants: {@code AbstractInterruptibleASTTransformation}
     * reads {@code @ThreadInterrupt(checkOnMethodStart = 'yes')} with {@code asType(value, Boolean)}, and
     * TimedInterrupt's members go through the same conversion. In wasm the runtime metaclasses have no GDK methods
     * (no dgminfo, nothing reflectable), so the dynamic call failed and the transform reported an internal error
     * where the JVM answers true. Most specific type first, as the JVM's method selection picks.
     */
    static Boolean groovyTruth(Object o) {
        if (o instanceof Float) {
            return org.codehaus.groovy.runtime.DefaultGroovyMethods.asBoolean((Float) o);
        }
        if (o instanceof Double) {
            return org.codehaus.groovy.runtime.DefaultGroovyMethods.asBoolean((Double) o);
        }
        if (o instanceof Number) {
            return org.codehaus.groovy.runtime.DefaultGroovyMethods.asBoolean((Number) o);
        }
        if (o instanceof Character) {
            return org.codehaus.groovy.runtime.DefaultGroovyMethods.asBoolean((Character) o);
        }
        if (o instanceof CharSequence) {
            return org.codehaus.groovy.runtime.StringGroovyMethods.asBoolean((CharSequence) o);
        }
        if (o instanceof Boolean) {
            return (Boolean) o;
        }
        if (o instanceof Collection) {
            return !((Collection<?>) o).isEmpty();
        }
        if (o instanceof java.util.Map) {
            return !((java.util.Map<?, ?>) o).isEmpty();
        }
        if (o instanceof Object[]) {
            return ((Object[]) o).length > 0;
        }
        return null;
    }

    /**
     * GroovyLangParser's constructor installs its prediction simulator; this installs it with ANTLR's cache for
     * full-context predictions switched on. Groovy parses with SLL first and, when that fails, re-parses the whole
     * file in LL mode to report the error. Without the cache every full-context prediction of that second parse is
     * simulated afresh, to the end of the file for an unclosed brace: a missing {@code }} in a 1,200-line file took
     * 1.9-5.5 s on the JVM and 7.4 s in wasm, against 0.24 s with it. The cache stores the same predictions the
     * simulation makes (the SLL pass never uses it), so the parse tree and the first error are unchanged: checked
     * tree for tree on every real file of bench/real-code and the corpus (docs/performance.md, "The parser's DFA").
     */
    public static void setParserInterpreter(org.apache.groovy.parser.antlr4.GroovyLangParser parser,
            groovyjarjarantlr4.v4.runtime.atn.ATNSimulator interpreter) {
        groovyjarjarantlr4.v4.runtime.atn.ParserATNSimulator simulator =
                (groovyjarjarantlr4.v4.runtime.atn.ParserATNSimulator) interpreter;
        simulator.enable_global_context_dfa = true;
        parser.setInterpreter(simulator);
    }
}
