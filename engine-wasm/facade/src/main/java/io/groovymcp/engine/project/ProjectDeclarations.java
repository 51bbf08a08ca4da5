package io.groovymcp.engine.project;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The declarations of a tree's files that the host gave the engine ({@code projectDeclarations}): an index from every
 * class name they declare (nested ones in the compiler's {@code Outer$Inner} form too) to its top-level type, and the
 * packages they declare. Immutable; the engine swaps in a new one when the host replaces or adds files. When two
 * files declare one name, the first given wins, so the answer depends only on the order the host sends.
 *
 * <p>Each top-level type is kept in one compact form only, the text of its stub ({@link StubWriter}), written once
 * when the declarations arrive; the checked declaration objects they were read into are let go. A stub becomes a
 * compiler source (and so an AST) only in a compile that reaches its name ({@link ProjectResolver}), so what the
 * engine holds between compiles is about the size of the tree's API as text, however many compiles run.
 */
public final class ProjectDeclarations {
    public static final ProjectDeclarations EMPTY = new ProjectDeclarations(Collections.<Declared>emptyList());

    /** A top-level type: its file, its name, the stub text a compile reads, and the class names it declares. */
    static final class Entry {
        final String uri;
        final String qualifiedName;
        final String stub;
        /** Its own name first, then its nested classes' binary names. */
        final List<String> names;

        Entry(String uri, String qualifiedName, String stub, List<String> names) {
            this.uri = uri;
            this.qualifiedName = qualifiedName;
            this.stub = stub;
            this.names = names;
        }
    }

    /** What is kept of one file. */
    private static final class Declared {
        final String uri;
        final String packageName;
        final List<Entry> types;

        Declared(String uri, String packageName, List<Entry> types) {
            this.uri = uri;
            this.packageName = packageName;
            this.types = types;
        }

        static Declared of(FileDeclarations f) {
            List<Entry> types = new ArrayList<>();
            for (TypeDeclaration t : f.types) {
                String qualifiedName = f.qualified(t.name);
                List<String> names = new ArrayList<>();
                names(qualifiedName, t, names);
                types.add(new Entry(f.uri, qualifiedName, StubWriter.write(f, t), names));
            }
            return new Declared(f.uri, f.packageName, types);
        }

        private static void names(String name, TypeDeclaration t, List<String> out) {
            out.add(name);
            for (TypeDeclaration n : t.types) {
                names(name + "$" + n.name, n, out);
            }
        }
    }

    private final List<Declared> files;
    private final Map<String, Entry> byName = new HashMap<>();
    private final Set<String> packages = new HashSet<>();
    private int typeCount;

    private ProjectDeclarations(List<Declared> files) {
        this.files = files;
        for (Declared f : files) {
            if (!f.types.isEmpty()) {
                packages.add(f.packageName);
            }
            for (Entry e : f.types) {
                for (String name : e.names) {
                    typeCount++;
                    if (!byName.containsKey(name)) {
                        byName.put(name, e);
                    }
                }
            }
        }
    }

    public static ProjectDeclarations of(List<FileDeclarations> files) {
        return files.isEmpty() ? EMPTY : new ProjectDeclarations(compact(files));
    }

    private static List<Declared> compact(Collection<FileDeclarations> files) {
        List<Declared> out = new ArrayList<>();
        for (FileDeclarations f : files) {
            out.add(Declared.of(f));
        }
        return out;
    }

    /** These files added after the current ones: a file with the uri of one already held replaces it. */
    public ProjectDeclarations plus(Collection<FileDeclarations> added) {
        Set<String> uris = new HashSet<>();
        for (FileDeclarations f : added) {
            if (f.uri != null) {
                uris.add(f.uri);
            }
        }
        List<Declared> all = new ArrayList<>();
        for (Declared f : files) {
            if (f.uri == null || !uris.contains(f.uri)) {
                all.add(f);
            }
        }
        all.addAll(compact(added));
        return all.isEmpty() ? EMPTY : new ProjectDeclarations(all);
    }

    public boolean isEmpty() {
        return files.isEmpty();
    }

    public int fileCount() {
        return files.size();
    }

    public int typeCount() {
        return typeCount;
    }

    public int packageCount() {
        return packages.size();
    }

    /** Whether a declared file is in this package (dotted, empty for the default package). */
    public boolean hasPackage(String name) {
        return packages.contains(name);
    }

    /** Whether a declared file's URI passes {@code test} (a pipeline's {@code vars/NAME.groovy}, say). */
    public boolean hasFile(java.util.function.Predicate<String> test) {
        for (Declared f : files) {
            if (f.uri != null && test.test(f.uri)) {
                return true;
            }
        }
        return false;
    }

    /** Whether some file declares a class of exactly this name (binary form for nested classes). */
    public boolean declares(String name) {
        return byName.containsKey(name);
    }

    /** The top-level entry declaring this class name, unless its file is one of the compile's own. */
    Entry find(String name, Set<String> ownUris) {
        Entry e = byName.get(name);
        if (e == null || (e.uri != null && ownUris.contains(e.uri))) {
            return null;
        }
        return e;
    }
}
