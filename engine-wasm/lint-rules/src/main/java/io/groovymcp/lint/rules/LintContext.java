package io.groovymcp.lint.rules;

/**
 * What the host knows about the file being linted. Only the file kind for now: it switches the Jenkins rules on.
 */
public final class LintContext {
    public static final String CLASS = "class";
    public static final String SCRIPT = "script";
    public static final String JENKINS = "jenkins";
    public static final String GRADLE = "gradle";

    private final String kind;

    /**
     * @param kind one of {@code "class"}, {@code "script"}, {@code "jenkins"} (a Jenkinsfile or a shared library's
     *             {@code vars/} script) or {@code "gradle"}
     */
    public LintContext(String kind) {
        if (!CLASS.equals(kind) && !SCRIPT.equals(kind) && !JENKINS.equals(kind) && !GRADLE.equals(kind)) {
            throw new IllegalArgumentException("unknown file kind: " + kind);
        }
        this.kind = kind;
    }

    public String kind() {
        return kind;
    }

    public boolean isJenkins() {
        return JENKINS.equals(kind);
    }

    @Override
    public String toString() {
        return kind;
    }
}
