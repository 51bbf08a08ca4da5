package io.groovymcp.classmodel.scope;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The single audit point for what the class model covers. Each row names a package (dotted), whether its
 * subpackages inherit the row, the policy, and why. The most specific matching row wins, so exceptions are written
 * as narrower rows below a broad one.
 *
 * <p>JDK classes are only considered from packages their module exports unconditionally (see
 * {@link #JDK_MODULES}); anything java.base exports but not listed here falls back to {@link #JDK_BASE_FALLBACK}. Groovy classes
 * not matched by any row are not in the model at all.
 */
public final class Coverage {

    /** One audit row. */
    public record Rule(Origin origin, String pkg, boolean subpackages, Policy policy, String why) {
        boolean matches(Origin o, String dottedPackage) {
            if (o != origin) {
                return false;
            }
            if (dottedPackage.equals(pkg)) {
                return true;
            }
            return subpackages && dottedPackage.startsWith(pkg + ".");
        }
    }

    /**
     * jrt modules scanned. Besides java.base they only contribute the packages their rows name: java.logging gives
     * java.util.logging, java.desktop gives java.beans, java.sql gives what the GDK date extensions mention.
     */
    public static final List<String> JDK_MODULES = List.of("java.base", "java.logging", "java.desktop", "java.sql");

    /**
     * Exported java.base packages without a row: available to satisfy references, never seeds. Other modules only
     * contribute the rows naming them, otherwise java.desktop would offer all of AWT/Swing to the closure.
     */
    public static final Policy JDK_BASE_FALLBACK = Policy.ON_DEMAND;

    private static final String BASE_MODULE = "java.base";

    public static final List<Rule> RULES = List.of(
            // ---- JDK: what scripts name directly --------------------------------------------------------------
            jdk("java.lang", false, Policy.API, "core language types"),
            jdk("java.lang.annotation", false, Policy.API, "annotation meta-types (Retention, Target...)"),
            jdk("java.lang.reflect", false, Policy.API, "reflection API used by scripts and runtime signatures"),
            jdk("java.lang.invoke", false, Policy.API, "public API only; the internals are non-public and unreferenced"),
            jdk("java.lang.ref", false, Policy.API, "reference types"),
            jdk("java.lang.constant", false, Policy.ON_DEMAND, "only what String/Class/Enum signatures need"),
            jdk("java.lang.module", false, Policy.ON_DEMAND, "only what java.lang.Module signatures need"),
            jdk("java.util", true, Policy.API, "collections, function, stream, regex, concurrent*, zip, jar, spi"),
            jdk("java.util.logging", false, Policy.API, "lives in module java.logging"),
            jdk("java.io", false, Policy.API, "streams, File, readers/writers"),
            jdk("java.nio", false, Policy.API, "buffers"),
            jdk("java.nio.file", true, Policy.API, "Path/Files and attribute views (spi falls back to on-demand)"),
            jdk("java.nio.file.spi", false, Policy.ON_DEMAND, "provider SPI, only when referenced"),
            jdk("java.nio.charset", false, Policy.API, "Charset, StandardCharsets"),
            jdk("java.net", false, Policy.API, "URL, URI, sockets, http client lives elsewhere"),
            jdk("java.time", true, Policy.API, "java.time and chrono/format/temporal/zone"),
            jdk("java.math", false, Policy.API, "BigDecimal/BigInteger (Groovy literals)"),
            jdk("java.text", false, Policy.API, "formatting"),
            jdk("java.security", false, Policy.API, "top package only; subpackages on demand"),
            jdk("java.beans", false, Policy.ON_DEMAND, "module java.desktop; only what groovy.beans/@Bindable needs"),
            jdk("java.beans.beancontext", false, Policy.EXCLUDED, "desktop-only, never needed by the runtime API"),
            jdk("java.sql", false, Policy.ON_DEMAND, "module java.sql; Date/Timestamp overloads of groovy-dateutil"),
            // ---- Groovy runtime ------------------------------------------------------------------------------
            groovy("groovy", true, Policy.API, "groovy.lang, groovy.util, groovy.transform (user annotations)..."),
            groovy("org.codehaus.groovy.runtime", true, Policy.API, "DefaultGroovyMethods & friends (GDK)"),
            groovy("org.apache.groovy", true, Policy.API, "runtime helpers and extension modules (dateutil...)"),
            groovy("org.apache.groovy.parser", true, Policy.EXCLUDED, "the parser is compiled into the engine"),
            groovy("org.codehaus.groovy.transform", true, Policy.ANNOTATIONS,
                    "GroovyASTTransformationClass etc.: the compiler reads them off annotation types"),
            groovy("org.codehaus.groovy.vmplugin", true, Policy.API,
                    "the Plugin*GroovyMethods GDK classes the type checker scans for extension methods"),
            groovy("org.codehaus.groovy.transform.stc", false, Policy.API,
                    "StaticTypeCheckingSupport's *ArrayStaticTypesHelper GDK classes the type checker scans"),
            groovy("org.codehaus.groovy", true, Policy.STRUCTURAL,
                    "compiler internals: only as supertypes of kept types, never for member signatures"),
            groovy("groovyjarjarasm", true, Policy.EXCLUDED, "shaded ASM"),
            groovy("groovyjarjarantlr4", true, Policy.EXCLUDED, "shaded ANTLR"),
            groovy("groovyjarjarpicocli", true, Policy.EXCLUDED, "shaded picocli"));

    /** A class-level exception to the package rows: one exact internal name, or every name with a prefix. */
    public record ClassExclusion(Origin origin, String internalName, boolean prefix, String why) {
        boolean matches(Origin o, String name) {
            return o == origin && (prefix ? name.startsWith(internalName) : name.equals(internalName));
        }
    }

    /** Individual classes excluded although their package is covered; kept here so scope is audited in one place. */
    public static final List<ClassExclusion> CLASS_EXCLUSIONS = List.of(
            new ClassExclusion(Origin.GROOVY, "org/codehaus/groovy/runtime/dgm$", true,
                    "one generated reflective wrapper per GDK method (~1800); runtime call-site plumbing"),
            new ClassExclusion(Origin.GROOVY, "org/codehaus/groovy/runtime/ArrayUtil", false,
                    "array builders for generated bytecode: 250+ overloads of up to 255 parameters, 700 KB even"
                            + " as a stub; never named in source"));

    private Coverage() {
    }

    private static Rule jdk(String pkg, boolean sub, Policy p, String why) {
        return new Rule(Origin.JDK, pkg, sub, p, why);
    }

    private static Rule groovy(String pkg, boolean sub, Policy p, String why) {
        return new Rule(Origin.GROOVY, pkg, sub, p, why);
    }

    /** True if a class-level exclusion names this class. */
    public static boolean excludedClass(Origin origin, String internalName) {
        return CLASS_EXCLUSIONS.stream().anyMatch(r -> r.matches(origin, internalName));
    }

    /** Most specific row for a package, if any. */
    public static Optional<Rule> ruleFor(Origin origin, String dottedPackage) {
        return RULES.stream()
                .filter(r -> r.matches(origin, dottedPackage))
                .max(Comparator.comparingInt(r -> r.pkg().length()));
    }

    /**
     * Policy for a class of the given origin and package. {@code exported} only matters for the JDK: packages a
     * module does not export are internals user code cannot name, so they are always excluded.
     */
    public static Policy policyFor(Origin origin, String module, String dottedPackage, boolean exported) {
        Optional<Rule> rule = ruleFor(origin, dottedPackage);
        if (origin == Origin.JDK) {
            if (!exported) {
                return Policy.EXCLUDED;
            }
            Policy fallback = BASE_MODULE.equals(module) ? JDK_BASE_FALLBACK : Policy.EXCLUDED;
            return rule.map(Rule::policy).orElse(fallback);
        }
        return rule.map(Rule::policy).orElse(Policy.EXCLUDED);
    }
}
