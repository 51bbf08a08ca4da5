package io.groovymcp.lint.rules;

/** One row of {@link LintRules#RULES}: what the host needs to describe a rule without running it. */
public final class RuleInfo {
    public static final String ERROR = "error";
    public static final String WARNING = "warning";
    public static final String INFORMATION = "information";

    private final String id;
    private final String defaultSeverity;
    private final String rationale;

    RuleInfo(String id, String defaultSeverity, String rationale) {
        this.id = id;
        this.defaultSeverity = defaultSeverity;
        this.rationale = rationale;
    }

    /** For example {@code "groovy/empty-catch"}. */
    public String id() {
        return id;
    }

    /** {@code "error"}, {@code "warning"} or {@code "information"}. */
    public String defaultSeverity() {
        return defaultSeverity;
    }

    /** One sentence: why the rule exists. */
    public String rationale() {
        return rationale;
    }

    @Override
    public String toString() {
        return id + " (" + defaultSeverity + "): " + rationale;
    }
}
