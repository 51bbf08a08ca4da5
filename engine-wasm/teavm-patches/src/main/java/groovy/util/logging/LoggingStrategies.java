package groovy.util.logging;

import groovy.lang.GroovyClassLoader;
import io.groovymcp.teavm.logging.CommonsStrategy;
import io.groovymcp.teavm.logging.Log4j2Strategy;
import io.groovymcp.teavm.logging.Log4jStrategy;
import io.groovymcp.teavm.logging.PlatformLogStrategy;
import io.groovymcp.teavm.logging.Slf4jStrategy;
import org.codehaus.groovy.ast.AnnotationNode;
import org.codehaus.groovy.transform.LogASTTransformation;

/**
 * Stands in for {@code LogASTTransformation.createLoggingStrategy} in the wasm build (a delegate in GroovyPatches).
 * The original reads the annotation's {@code loggingStrategy()} default by reflection and instantiates it through
 * Groovy's dynamic runtime; here the annotation name picks the strategy directly. It lives in this package because
 * {@code Log.JavaUtilLoggingStrategy}'s constructor is protected. Only Groovy's own logging annotations reach the
 * transform in wasm (TransformRegistry is keyed by annotation name), so no other name can arrive.
 *
 * <p>Log's strategy is Groovy's own Java class and is used as is. The strategies of {@code @Commons}, {@code @Log4j},
 * {@code @Log4j2} and {@code @Slf4j} are written in Groovy and compiled with invokedynamic call sites, which TeaVM
 * cannot link, and {@code @PlatformLog}'s names {@code System.Logger} as a class literal TeaVM lacks, so they are
 * re-implemented in Java in {@code io.groovymcp.teavm.logging} with the same AST output.
 */
public final class LoggingStrategies {
    private LoggingStrategies() {
    }

    public static LogASTTransformation.LoggingStrategy create(AnnotationNode annotation, ClassLoader classLoader,
                                                               ClassLoader transformLoader) {
        String name = annotation.getClassNode().getName();
        GroovyClassLoader loader = (GroovyClassLoader) classLoader;
        switch (name) {
            case "groovy.util.logging.Log":
                return new Log.JavaUtilLoggingStrategy(loader);
            case "groovy.util.logging.Commons":
                return new CommonsStrategy(loader);
            case "groovy.util.logging.Log4j":
                return new Log4jStrategy(loader);
            case "groovy.util.logging.Log4j2":
                return new Log4j2Strategy(loader);
            case "groovy.util.logging.Slf4j":
                return new Slf4jStrategy(loader);
            case "groovy.util.logging.PlatformLog":
                return new PlatformLogStrategy(loader);
            default:
                // The JVM's message when the annotation class cannot be loaded.
                throw new RuntimeException("Could not resolve class named " + name);
        }
    }
}
