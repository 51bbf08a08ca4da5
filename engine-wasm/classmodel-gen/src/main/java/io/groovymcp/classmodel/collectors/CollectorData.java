package io.groovymcp.classmodel.collectors;

import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * What each precompiled annotation collector (@Immutable, @RecordType, ...) expands to. Groovy stores that list in a
 * generated {@code Foo$CollectorHelper.value()} method and reads it back by reflection when a collector is used. The
 * wasm engine cannot call it, so the build calls it here, once, on the JVM, and writes the result as JSON into the
 * class model ({@value #ENTRY}). The engine rebuilds the same annotation nodes from it.
 *
 * <p>Value encoding: {@code {"class":fqn}}, {@code {"string":s}}, {@code {"boolean":b}}, {@code {"int":n}},
 * {@code {"long":n}}, {@code {"double":n}}, {@code {"enum":fqn,"name":constant}}, {@code {"list":[...]}},
 * {@code {"annotations":[{"type":fqn,"members":{...}}]}}.
 */
public final class CollectorData {
    public static final String ENTRY = "META-INF/groovymcp/collectors.json";
    private static final String SUFFIX = "$CollectorHelper.class";

    private CollectorData() {
    }

    public static byte[] extract(List<Path> groovyJars) throws IOException {
        URL[] urls = new URL[groovyJars.size()];
        List<String> helpers = new ArrayList<>();
        for (int i = 0; i < urls.length; i++) {
            urls[i] = groovyJars.get(i).toUri().toURL();
            try (ZipFile z = new ZipFile(groovyJars.get(i).toFile())) {
                for (ZipEntry e : Collections.list(z.entries())) {
                    if (e.getName().endsWith(SUFFIX)) {
                        helpers.add(e.getName());
                    }
                }
            }
        }
        Collections.sort(helpers);
        StringBuilder sb = new StringBuilder("{");
        try (URLClassLoader loader = new URLClassLoader(urls, ClassLoader.getPlatformClassLoader())) {
            boolean first = true;
            for (String h : helpers) {
                String helper = h.substring(0, h.length() - ".class".length()).replace('/', '.');
                String collector = helper.substring(0, helper.length() - "$CollectorHelper".length());
                Object[][] data;
                try {
                    Method m = Class.forName(helper, true, loader).getMethod("value");
                    if (!Modifier.isStatic(m.getModifiers())) {
                        continue;
                    }
                    data = (Object[][]) m.invoke(null);
                } catch (ReflectiveOperationException | LinkageError e) {
                    throw new IOException("cannot read collector data of " + collector, e);
                }
                if (!first) {
                    sb.append(',');
                }
                first = false;
                quote(sb, collector);
                sb.append(':');
                annotations(sb, data);
            }
        }
        return sb.append('}').toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void annotations(StringBuilder sb, Object[][] rows) {
        sb.append('[');
        for (int i = 0; i < rows.length; i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append("{\"type\":");
            quote(sb, ((Class<?>) rows[i][0]).getName());
            sb.append(",\"members\":{");
            boolean first = true;
            @SuppressWarnings("unchecked")
            Map<String, Object> members = (Map<String, Object>) rows[i][1];
            for (Map.Entry<String, Object> e : members.entrySet()) {
                if (!first) {
                    sb.append(',');
                }
                first = false;
                quote(sb, e.getKey());
                sb.append(':');
                value(sb, e.getValue());
            }
            sb.append("}}");
        }
        sb.append(']');
    }

    private static void value(StringBuilder sb, Object o) {
        if (o instanceof Class) {
            sb.append("{\"class\":");
            quote(sb, ((Class<?>) o).getName());
            sb.append('}');
        } else if (o instanceof Object[][]) {
            sb.append("{\"annotations\":");
            annotations(sb, (Object[][]) o);
            sb.append('}');
        } else if (o instanceof Object[]) {
            sb.append("{\"list\":[");
            Object[] a = (Object[]) o;
            for (int i = 0; i < a.length; i++) {
                if (i > 0) {
                    sb.append(',');
                }
                value(sb, a[i]);
            }
            sb.append("]}");
        } else if (o instanceof String) {
            sb.append("{\"string\":");
            quote(sb, (String) o);
            sb.append('}');
        } else if (o instanceof Boolean) {
            sb.append("{\"boolean\":").append(o).append('}');
        } else if (o instanceof Integer || o instanceof Short || o instanceof Byte) {
            sb.append("{\"int\":").append(o).append('}');
        } else if (o instanceof Long) {
            sb.append("{\"long\":").append(o).append('}');
        } else if (o instanceof Number) {
            sb.append("{\"double\":").append(o).append('}');
        } else if (o instanceof Enum) {
            sb.append("{\"enum\":");
            quote(sb, ((Enum<?>) o).getDeclaringClass().getName());
            sb.append(",\"name\":");
            quote(sb, ((Enum<?>) o).name());
            sb.append('}');
        } else {
            throw new IllegalStateException("unsupported collector value " + o);
        }
    }

    private static void quote(StringBuilder sb, String s) {
        sb.append('"');
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') {
                sb.append('\\');
            }
            sb.append(c);
        }
        sb.append('"');
    }
}
