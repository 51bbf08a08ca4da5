package io.groovymcp.lint.rules.jenkins;

import java.util.HashSet;
import java.util.Set;

import org.codehaus.groovy.ast.ClassNode;
import org.codehaus.groovy.ast.MethodNode;
import org.codehaus.groovy.ast.ModuleNode;
import org.codehaus.groovy.ast.expr.MethodCallExpression;

import io.groovymcp.lint.rules.ast.Ast;

/**
 * What counts as a pipeline step: a call, without a receiver, of one of the well-known step names below, in a file
 * that does not itself declare a method of that name. Steps are how a pipeline suspends and persists its state,
 * which is what the Jenkins rules are about. The list is documented in docs/rules.md; names not in it (a plugin's
 * step, a shared-library global) are not treated as steps, so the rules stay silent rather than guess.
 */
public final class PipelineSteps {
    static final String[] NAMES = {
        // workflow-durable-task-step, workflow-basic-steps, workflow-support, pipeline-input-step, pipeline-build-step
        "sh", "bat", "powershell", "pwsh", "node", "ws", "dir", "echo", "error", "unstable", "warnError",
        "catchError", "sleep", "timeout", "retry", "waitUntil", "input", "build", "parallel", "stage", "lock",
        "milestone", "withEnv", "withCredentials", "wrap", "step", "tool", "timestamps", "deleteDir", "pwd",
        "isUnix", "fileExists", "readFile", "writeFile", "archiveArtifacts", "archive", "unarchive", "stash",
        "unstash", "junit", "checkout", "git", "svn", "load", "mail", "emailext", "cleanWs", "ansiColor",
        "sshagent", "withMaven", "withDockerRegistry", "withDockerServer", "withDockerContainer", "container",
        "podTemplate", "copyArtifacts", "publishHTML", "recordIssues", "httpRequest", "slackSend",
        // pipeline-utility-steps
        "readJSON", "writeJSON", "readYaml", "writeYaml", "readProperties", "readCSV", "writeCSV",
        "readMavenPom", "writeMavenPom", "readManifest", "findFiles", "zip", "unzip", "tar", "untar", "sha1",
        "sha256", "touch", "prependToFile",
    };

    /**
     * Steps that finish at once on the CPS thread (SynchronousStepExecution): the program is not suspended, so its
     * state is not written out for them. Every other step may suspend the program, which then serializes it.
     */
    static final String[] IMMEDIATE = {"echo", "error", "unstable", "pwd", "isUnix", "milestone"};

    private static final Set<String> STEPS = new HashSet<>();
    private static final Set<String> IMMEDIATE_STEPS = new HashSet<>();
    static {
        for (String n : NAMES) {
            STEPS.add(n);
        }
        for (String n : IMMEDIATE) {
            IMMEDIATE_STEPS.add(n);
        }
    }

    private final Set<String> declared = new HashSet<>();

    private PipelineSteps(ModuleNode module) {
        for (ClassNode cn : module.getClasses()) {
            for (MethodNode m : cn.getMethods()) {
                declared.add(m.getName());
            }
        }
    }

    /** Steps as seen from {@code module}: a step name the module declares as its own method is that method. */
    public static PipelineSteps of(ModuleNode module) {
        return new PipelineSteps(module);
    }

    /** The step's name when {@code call} is a pipeline step call, else null. */
    public String step(MethodCallExpression call) {
        if (!Ast.isImplicitThisCall(call)) {
            return null;
        }
        String name = Ast.methodName(call);
        return name != null && STEPS.contains(name) && !declared.contains(name) ? name : null;
    }

    /** Whether the step may suspend the program, which makes Jenkins serialize its state (locals included). */
    public static boolean suspends(String step) {
        return step != null && !IMMEDIATE_STEPS.contains(step);
    }

    /** Whether {@code name} is in the documented step list. */
    public static boolean isStepName(String name) {
        return STEPS.contains(name);
    }
}
