package io.groovymcp.engine.compile;

import org.codehaus.groovy.ast.ASTNode;
import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.ModuleNode;
import org.codehaus.groovy.classgen.GeneratorContext;
import org.codehaus.groovy.control.CompilePhase;
import org.codehaus.groovy.control.SourceUnit;
import org.codehaus.groovy.control.customizers.CompilationCustomizer;

import groovy.grape.Grape;
import groovy.grape.GrabAnnotationTransformation;

/**
 * Groovy's own {@code @Grab}/{@code @GrabResolver}/{@code @GrabExclude}/{@code @GrabConfig} checks, so a malformed
 * one gets the compiler's message (issue 11 item 3). The stock compiler runs this transform as a global one at
 * conversion; the engine has no global transforms, so it runs here, once per module, before {@link SafetyCustomizer}
 * removes the annotations. Grape is switched off for the process: the transform's {@code Grape.grab} and
 * {@code Grape.addResolver} calls return at once, so nothing is ever resolved or downloaded (in wasm, Grape itself is
 * an inert stub from teavm-patches). No compilation unit is given to the transform, so it never rescans the class
 * path for transforms after a grab.
 */
final class GrabValidation extends CompilationCustomizer {
    private static final String DONE = "groovymcp.grabValidated";

    static {
        Grape.setEnableGrapes(false);
    }

    GrabValidation() {
        super(CompilePhase.CONVERSION);
    }

    @Override
    public void call(SourceUnit source, GeneratorContext context, ClassNode classNode) {
        ModuleNode module = source.getAST();
        if (module == null || module.getNodeMetaData(DONE) != null) {
            return;
        }
        module.putNodeMetaData(DONE, Boolean.TRUE);
        Grape.setEnableGrapes(false);
        new GrabAnnotationTransformation().visit(new ASTNode[] {module}, source);
    }
}
