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
 */
public final class ProjectDeclarations {
    public static final ProjectDeclarations EMPTY = new ProjectDeclarations(Collections.emptyList());

    /** A top-level type and the file that declares it. */
    static final class Entry {
        final FileDeclarations file;
        final TypeDeclaration type;
        final String qualifiedName;

        Entry(FileDeclarations file, TypeDeclaration type) {
            this.file = file;
            this.type = type;
            this.qualifiedName = file.qualified(type.name);
        }
    }

    private final List<FileDeclarations> files;
    private final Map<String, Entry> byName = new HashMap<>();
    private final Set<String> packages = new HashSet<>();
    private int typeCount;

    private ProjectDeclarations(List<FileDeclarations> files) {
        this.files = files;
        for (FileDeclarations f : files) {
            if (!f.types.isEmpty()) {
                packages.add(f.packageName);
            }
            for (TypeDeclaration t : f.types) {
                Entry e = new Entry(f, t);
                index(e.qualifiedName, t, e);
            }
        }
    }

    private void index(String name, TypeDeclaration t, Entry e) {
        typeCount++;
        if (!byName.containsKey(name)) {
            byName.put(name, e);
        }
        for (TypeDeclaration n : t.types) {
            index(name + "$" + n.name, n, e);
        }
    }

    public static ProjectDeclarations of(List<FileDeclarations> files) {
        return files.isEmpty() ? EMPTY : new ProjectDeclarations(new ArrayList<>(files));
    }

    /** These files added after the current ones: a file with the uri of one already held replaces it. */
    public ProjectDeclarations plus(Collection<FileDeclarations> added) {
        Set<String> uris = new HashSet<>();
        for (FileDeclarations f : added) {
            if (f.uri != null) {
                uris.add(f.uri);
            }
        }
        List<FileDeclarations> all = new ArrayList<>();
        for (FileDeclarations f : files) {
            if (f.uri == null || !uris.contains(f.uri)) {
                all.add(f);
            }
        }
        all.addAll(added);
        return of(all);
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
        for (FileDeclarations f : files) {
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
        if (e == null || (e.file.uri != null && ownUris.contains(e.file.uri))) {
            return null;
        }
        return e;
    }
}
