package io.groovymcp.lint.rules.jenkins;

import org.codehaus.groovy.ast.MethodNode;

import io.groovymcp.lint.rules.ast.Ast;

/** Which code the pipeline's CPS transformation leaves alone. */
final class Cps {
    static final String NON_CPS = "com.cloudbees.groovy.cps.NonCPS";

    private Cps() {
    }

    /** A method annotated {@code @NonCPS} runs as plain Groovy: no steps, no persistence inside it. */
    static boolean isNonCps(MethodNode m) {
        return m != null && Ast.hasAnnotation(m, NON_CPS);
    }
}
