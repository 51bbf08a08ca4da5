package io.groovymcp.lint.rules.declarative;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The names the Declarative Pipeline syntax itself defines, read from the pipeline-model-definition plugin
 * (github:jenkinsci/pipeline-model-definition-plugin, commit 42c9dc3e): the build conditions of its
 * {@code model/conditions} package, the stage conditionals of its {@code when/impl} package with their argument
 * shapes, and the section, directive and {@code input} field names its ModelParser accepts. Names that installed
 * plugins contribute (agent types beyond any/none/label, options, triggers, parameter types, tools, steps) are
 * not here: only a site catalogue exported from a controller knows them.
 */
final class BuiltInCatalogue {
    private BuiltInCatalogue() {
    }

    /** Post conditions, in the plugin's order. */
    static final Set<String> POST_CONDITIONS = set("always", "changed", "fixed", "regression", "aborted", "success",
            "unsuccessful", "unstable", "failure", "notBuilt", "cleanup");

    /** How a {@code when} condition takes its children or arguments. */
    enum WhenShape {
        /** Any number (at least one) of nested conditions, no arguments. */
        MANY_CHILDREN,
        /** Exactly one nested condition. */
        ONE_CHILD,
        /** Arguments only, no nested conditions. */
        ARGUMENTS,
        /** A closure of code (expression). */
        CODE
    }

    /** The built-in {@code when} conditions. */
    static final Map<String, WhenShape> WHEN_CONDITIONS = whenConditions();

    /** Options of {@code when} itself, not conditions. */
    static final Set<String> WHEN_OPTIONS = set("beforeAgent", "beforeInput", "beforeOptions");

    static final Set<String> PIPELINE_SECTIONS = set("agent", "stages", "post", "environment", "options",
            "parameters", "triggers", "tools", "libraries");

    static final Set<String> STAGE_SECTIONS = set("agent", "when", "steps", "post", "environment", "tools",
            "options", "input", "stages", "parallel", "matrix", "failFast");

    static final Set<String> INPUT_FIELDS = set("message", "id", "ok", "submitter", "submitterParameter",
            "parameters");

    static final Set<String> MATRIX_SECTIONS = set("axes", "excludes", "stages", "agent", "when", "post",
            "environment", "tools", "options", "input");

    /** Sections renamed or removed by earlier versions of the syntax: the name a user should write instead. */
    static final Map<String, String> RENAMED = renamed();

    /** Agent types the Declarative plugin itself defines, and the common plugin ones every controller has. */
    static final Set<String> AGENT_TYPES = set("any", "none", "label", "node", "docker", "dockerfile",
            "kubernetes");

    /**
     * Options a stage cannot take: the Declarative options whose {@code canUseInStage} is false
     * (pipeline-model-definition's {@code options/impl}), and the job properties of Jenkins core
     * ({@code buildDiscarder}) and workflow-job ({@code disableConcurrentBuilds}, {@code disableResume},
     * {@code durabilityHint}) that every controller with Pipeline has.
     */
    static final Set<String> PIPELINE_ONLY_OPTIONS = set("disableRestartFromStage", "parallelsAlwaysFailFast",
            "quietPeriod", "skipStagesAfterUnstable", "buildDiscarder", "disableConcurrentBuilds", "disableResume",
            "durabilityHint");

    private static Map<String, WhenShape> whenConditions() {
        Map<String, WhenShape> m = new LinkedHashMap<>();
        m.put("allOf", WhenShape.MANY_CHILDREN);
        m.put("anyOf", WhenShape.MANY_CHILDREN);
        m.put("not", WhenShape.ONE_CHILD);
        m.put("expression", WhenShape.CODE);
        for (String a : new String[] {"branch", "buildingTag", "changelog", "changeset", "changeRequest",
            "environment", "equals", "tag", "triggeredBy", "isRestartedRun"}) {
            m.put(a, WhenShape.ARGUMENTS);
        }
        return Collections.unmodifiableMap(m);
    }

    private static Map<String, String> renamed() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("notifications", "post");
        m.put("postBuild", "post");
        m.put("jobProperties", "options");
        m.put("properties", "options");
        return Collections.unmodifiableMap(m);
    }

    private static Set<String> set(String... names) {
        return Collections.unmodifiableSet(new LinkedHashSet<>(Arrays.asList(names)));
    }
}
