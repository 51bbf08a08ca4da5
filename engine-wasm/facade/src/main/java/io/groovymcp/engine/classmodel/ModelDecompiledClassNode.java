package io.groovymcp.engine.classmodel;

import org.codehaus.groovy.ast.GenericsType;
import org.codehaus.groovy.ast.decompiled.AsmReferenceResolver;
import org.codehaus.groovy.ast.decompiled.ClassStub;
import org.codehaus.groovy.ast.decompiled.DecompiledClassNode;

/**
 * A decoded library class that survives self-referential signatures. Decoding a class's signature can ask for its
 * own type parameters again through another type's wildcard (A's signature names B&lt;?&gt;, whose signature names
 * A&lt;?&gt;). On the JVM that recursion overflows the stack, and Groovy catches the StackOverflowError and carries on;
 * in WebAssembly a stack overflow is a trap no Java code can catch. So a re-entrant request gets the type
 * parameters' names without bounds, which is what the JVM's recovery amounts to (the bound is skipped).
 */
final class ModelDecompiledClassNode extends DecompiledClassNode {
    private final byte[] classFile;
    private boolean decodingGenerics;

    ModelDecompiledClassNode(ClassStub stub, AsmReferenceResolver resolver, byte[] classFile) {
        super(stub, resolver);
        this.classFile = classFile;
    }

    @Override
    public GenericsType[] getGenericsTypes() {
        if (decodingGenerics) {
            return TypeParameterNames.placeholders(classFile);
        }
        decodingGenerics = true;
        try {
            return super.getGenericsTypes();
        } finally {
            decodingGenerics = false;
        }
    }
}
