package io.groovymcp.engine.classmodel;

import org.codehaus.groovy.ast.ClassHelper;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.decompiled.AsmReferenceResolver;
import org.codehaus.groovy.control.ClassNodeResolver;
import org.codehaus.groovy.control.CompilationUnit;

/**
 * Resolves the types named inside decoded class files. Groovy's resolver throws NoClassDefFoundError for a type it
 * cannot find, which would fail the whole compile; a classpath jar often names types from jars that were not given
 * (optional dependencies). Such a type becomes a bare node of that name, so only code that really uses it sees it
 * as unresolved.
 */
final class LenientReferenceResolver extends AsmReferenceResolver {
    LenientReferenceResolver(ClassNodeResolver resolver, CompilationUnit unit) {
        super(resolver, unit);
    }

    @Override
    public ClassNode resolveClass(String className) {
        ClassNode c = resolveClassNullable(className);
        return c != null ? c : ClassHelper.makeWithoutCaching(className);
    }
}
