package io.groovymcp.engine.project;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.control.ClassNodeResolver;
import org.codehaus.groovy.control.CompilationUnit;
import org.codehaus.groovy.control.CompilerConfiguration;
import org.codehaus.groovy.control.ErrorCollector;
import org.codehaus.groovy.control.SourceUnit;

/**
 * Class resolution for one compile that also knows the tree's declarations. The library (class model and classpath)
 * answers first; a name it lacks that a declared file has is answered with a stub of that file's top-level type,
 * added to the compile as a source ({@link StubWriter}), just as the stock compiler adds a source it finds by name on
 * its source path. The compile's own classes never get here (the compiler looks in its own unit first), so an open
 * buffer always wins over a declaration of the same name, and a declaration read from one of the compile's own files
 * is ignored. A stub's messages go to an error collector of its own and are never shown: a stub is not a buffer.
 * Nor may they stop the compile: the compiler fails a phase on any source's collector, and a buffer's compile that
 * failed with none of its own errors would have nothing to report (a Java enum whose constants have bodies, stubbed
 * without them, once did exactly that).
 * One instance per compile unit, so each compile builds the stubs it needs and lets them go with it.
 */
public final class ProjectResolver extends ClassNodeResolver {
    private static final String STUB_SCHEME = "groovymcp-declarations:";

    private final ClassNodeResolver library;
    private final ProjectDeclarations project;
    private final Set<String> ownUris;
    private final Map<String, SourceUnit> stubs = new HashMap<>();

    /** Qualified name to the source of a declaration-only class the compile knows without the tree (may be empty). */
    private final Map<String, String> builtIns;

    public ProjectResolver(ClassNodeResolver library, ProjectDeclarations project, Set<String> ownUris) {
        this(library, project, ownUris, java.util.Collections.<String, String>emptyMap());
    }

    public ProjectResolver(ClassNodeResolver library, ProjectDeclarations project, Set<String> ownUris,
                           Map<String, String> builtIns) {
        this.library = library;
        this.project = project;
        this.ownUris = ownUris;
        this.builtIns = builtIns;
    }

    /** Whether a compiler source is a stub of a declaration rather than a buffer. */
    public static boolean isStub(String sourceName) {
        return sourceName != null && sourceName.startsWith(STUB_SCHEME);
    }

    /** Keeps a stub's messages and never fails the compile for them. */
    private static final class StubErrors extends ErrorCollector {
        private static final long serialVersionUID = 1L;

        StubErrors(CompilerConfiguration configuration) {
            super(configuration);
        }

        @Override
        protected void failIfErrors() {
            // a stub's errors are not the user's: the buffers' own collector decides whether the compile failed
        }
    }

    @Override
    public LookupResult findClassNode(String name, CompilationUnit compilationUnit) {
        LookupResult found = library.resolveName(name, compilationUnit);
        if (found != null) {
            return found;
        }
        String builtIn = builtIns.get(name);
        ProjectDeclarations.Entry e = builtIn != null ? null : project.find(name, ownUris);
        if (e == null && builtIn == null) {
            return null;
        }
        String qualifiedName = builtIn != null ? name : e.qualifiedName;
        SourceUnit stub = stubs.get(qualifiedName);
        if (stub == null) {
            stub = new SourceUnit(STUB_SCHEME + qualifiedName, builtIn != null ? builtIn : e.stub,
                    compilationUnit.getConfiguration(), compilationUnit.getClassLoader(),
                    new StubErrors(compilationUnit.getConfiguration()));
            stubs.put(qualifiedName, stub);
            compilationUnit.addSource(stub);
            return new LookupResult(stub, null);
        }
        if (stub.getAST() == null) {
            return new LookupResult(stub, null); // still queued: the compiler brings it in before it goes on
        }
        // already compiled in: answer with its class, never the source again (that would ask for it once more)
        for (ClassNode cn : stub.getAST().getClasses()) {
            if (cn.getName().equals(name)) {
                return new LookupResult(null, cn);
            }
        }
        return null;
    }
}
