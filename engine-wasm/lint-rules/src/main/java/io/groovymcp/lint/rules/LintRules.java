package io.groovymcp.lint.rules;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.codehaus.groovy.control.SourceUnit;

import io.groovymcp.lint.rules.ast.Rule;
import io.groovymcp.lint.rules.ast.Unit;
import io.groovymcp.lint.rules.groovy.AssignmentInCondition;
import io.groovymcp.lint.rules.groovy.ConstantCondition;
import io.groovymcp.lint.rules.groovy.ContractMethods;
import io.groovymcp.lint.rules.groovy.DuplicateMapKey;
import io.groovymcp.lint.rules.groovy.EmptyCatch;
import io.groovymcp.lint.rules.groovy.UnreachableCode;
import io.groovymcp.lint.rules.groovy.UnrelatedEquals;
import io.groovymcp.lint.rules.groovy.UnusedLocalVariable;
import io.groovymcp.lint.rules.groovy.UnusedParameter;
import io.groovymcp.lint.rules.groovy.UnusedPrivateMember;
import io.groovymcp.lint.rules.jenkins.CpsClosureStep;
import io.groovymcp.lint.rules.jenkins.NonCpsCallsStep;
import io.groovymcp.lint.rules.jenkins.NonSerializableLocal;

/**
 * The curated AST rules of {@code groovymcp lint}. The engine's lint op calls {@link #check} once per source unit,
 * after compiling through CANONICALIZATION and type-checking annotated code. Every rule is exact on the compiler's
 * model: where the AST cannot prove a violation (dynamic names, DSL calls, transforms), it reports nothing.
 */
public final class LintRules {
    public static final String UNUSED_PRIVATE_FIELD = "groovy/unused-private-field";
    public static final String UNUSED_PRIVATE_METHOD = "groovy/unused-private-method";
    public static final String UNUSED_LOCAL_VARIABLE = "groovy/unused-local-variable";
    public static final String DUPLICATE_MAP_KEY = "groovy/duplicate-map-key";
    public static final String EMPTY_CATCH = "groovy/empty-catch";
    public static final String ASSIGNMENT_IN_CONDITION = "groovy/assignment-in-condition";
    public static final String UNRELATED_EQUALS = "groovy/unrelated-equals";
    public static final String UNREACHABLE_CODE = "groovy/unreachable-code";
    public static final String UNREAD_LOCAL_VARIABLE = "groovy/unread-local-variable";
    public static final String UNUSED_PARAMETER = "groovy/unused-parameter";
    public static final String CONSTANT_CONDITION = "groovy/constant-condition";
    public static final String EQUALS_HASHCODE = "groovy/equals-hashcode";
    public static final String COMPARETO_WITHOUT_COMPARABLE = "groovy/compareto-without-comparable";
    public static final String NONCPS_CALLS_STEP = "jenkins/noncps-calls-step";
    public static final String CPS_CLOSURE_STEP = "jenkins/cps-closure-step";
    public static final String NON_SERIALIZABLE_LOCAL = "jenkins/non-serializable-local";
    public static final String DECLARATIVE_SECTION = "jenkins/declarative-section";
    public static final String DECLARATIVE_EMPTY = "jenkins/declarative-empty";
    public static final String DECLARATIVE_UNKNOWN_NAME = "jenkins/declarative-unknown-name";
    public static final String DECLARATIVE_BLOCKED_STEP = "jenkins/declarative-blocked-step";
    public static final String DECLARATIVE_VALUE = "jenkins/declarative-value";
    public static final String DECLARATIVE_DUPLICATE = "jenkins/declarative-duplicate";
    /** Reported by the facade, which knows which imports the pipeline shell added (cps/MovedClassNotes). */
    public static final String MOVED_CLASS = "jenkins/moved-class";

    /** Every rule: id, default severity and one-line rationale, in a stable order (the host mirrors this table). */
    public static final List<RuleInfo> RULES = Collections.unmodifiableList(table());

    private static final Rule[] GROOVY = {
        new UnusedPrivateMember(), new UnusedLocalVariable(), new DuplicateMapKey(), new EmptyCatch(),
        new AssignmentInCondition(), new UnrelatedEquals(), new UnreachableCode(), new UnusedParameter(),
        new ConstantCondition(), new ContractMethods(),
    };
    private static final Rule[] JENKINS = {
        new NonCpsCallsStep(), new CpsClosureStep(), new NonSerializableLocal(),
    };

    private LintRules() {
    }

    private static List<RuleInfo> table() {
        List<RuleInfo> t = new ArrayList<>();
        t.add(new RuleInfo(UNUSED_PRIVATE_FIELD, RuleInfo.WARNING,
                "A private field that nothing reads or writes is dead state."));
        t.add(new RuleInfo(UNUSED_PRIVATE_METHOD, RuleInfo.WARNING,
                "A private method that nothing calls is dead code."));
        t.add(new RuleInfo(UNUSED_LOCAL_VARIABLE, RuleInfo.WARNING,
                "A local variable that is declared and never referenced is dead code or a forgotten use."));
        t.add(new RuleInfo(DUPLICATE_MAP_KEY, RuleInfo.WARNING,
                "A map literal that repeats a key silently keeps only the last value."));
        t.add(new RuleInfo(EMPTY_CATCH, RuleInfo.WARNING,
                "A catch block with no statements and no comment swallows the exception without a trace."));
        t.add(new RuleInfo(ASSIGNMENT_IN_CONDITION, RuleInfo.WARNING,
                "An assignment used as a condition is usually a mistyped '=='."));
        t.add(new RuleInfo(UNRELATED_EQUALS, RuleInfo.WARNING,
                "'==' between types that Groovy never considers equal is always false."));
        t.add(new RuleInfo(UNREACHABLE_CODE, RuleInfo.WARNING,
                "A statement after return, throw, break or continue in the same block never runs."));
        t.add(new RuleInfo(UNREAD_LOCAL_VARIABLE, RuleInfo.WARNING,
                "A local variable that is assigned but whose value is never read is dead code or a forgotten use."));
        t.add(new RuleInfo(UNUSED_PARAMETER, RuleInfo.WARNING,
                "A parameter that the method never uses, where nothing dictates the signature, misleads callers."));
        t.add(new RuleInfo(CONSTANT_CONDITION, RuleInfo.WARNING,
                "A condition that is always true or always false makes one branch dead."));
        t.add(new RuleInfo(EQUALS_HASHCODE, RuleInfo.WARNING,
                "equals without hashCode (or the reverse) breaks every hash map and set that holds the objects."));
        t.add(new RuleInfo(COMPARETO_WITHOUT_COMPARABLE, RuleInfo.WARNING,
                "A compareTo in a class that is not Comparable is never used by <=>, sort() or sorted collections."));
        t.add(new RuleInfo(NONCPS_CALLS_STEP, RuleInfo.ERROR,
                "Pipeline steps called from a @NonCPS method do not run as written."));
        t.add(new RuleInfo(CPS_CLOSURE_STEP, RuleInfo.ERROR,
                "A closure passed to a method that CPS does not transform (sort, toSorted, unique, eachLine, ...) "
                        + "misbehaves in a pipeline; steps inside it do not run."));
        t.add(new RuleInfo(NON_SERIALIZABLE_LOCAL, RuleInfo.ERROR,
                "A non-serializable local variable still in scope at a pipeline step fails the build with "
                        + "NotSerializableException."));
        t.add(new RuleInfo(DECLARATIVE_SECTION, RuleInfo.ERROR,
                "A Declarative Pipeline section or directive that is missing, misplaced or malformed fails the "
                        + "build before it starts."));
        t.add(new RuleInfo(DECLARATIVE_EMPTY, RuleInfo.ERROR,
                "An empty Declarative section (stages, steps, post, environment, options, ...) fails the build "
                        + "before it starts."));
        t.add(new RuleInfo(DECLARATIVE_UNKNOWN_NAME, RuleInfo.ERROR,
                "A post condition, when condition or (with a site catalogue) agent type, option, trigger, "
                        + "parameter or tool that Jenkins does not know fails the build before it starts."));
        t.add(new RuleInfo(DECLARATIVE_BLOCKED_STEP, RuleInfo.ERROR,
                "A step that Declarative forbids inside steps (stage, properties, parallel among other steps) "
                        + "fails the build before it starts."));
        t.add(new RuleInfo(DECLARATIVE_VALUE, RuleInfo.ERROR,
                "A Declarative directive given a value of the wrong kind (an environment name or value, an axis "
                        + "value, a flag) fails the build before it starts."));
        t.add(new RuleInfo(DECLARATIVE_DUPLICATE, RuleInfo.ERROR,
                "A repeated stage name, section, environment variable, post condition, option, trigger or axis "
                        + "fails the build before it starts."));
        t.add(new RuleInfo(MOVED_CLASS, RuleInfo.INFORMATION,
                "A class Jenkins's older Groovy imported by default and current Groovy keeps in another package "
                        + "resolves in a pipeline, but only there."));
        return t;
    }

    /** The table row for {@code id}, or null. */
    public static RuleInfo rule(String id) {
        for (RuleInfo r : RULES) {
            if (r.id().equals(id)) {
                return r;
            }
        }
        return null;
    }

    /**
     * Runs every rule that applies to {@code ctx}'s file kind over {@code unit}, and returns the findings in source
     * order. A rule that throws on an AST shape it does not expect (or overflows the stack on a deep one) reports
     * nothing for this file, with one line on stderr; the other rules still run.
     */
    public static List<Finding> check(SourceUnit unit, LintContext ctx) {
        return check(unit, ctx, false);
    }

    /**
     * Lets go of the compile unit that the last {@link #check} calls looked at. {@code check} keeps one index of the
     * names used across the unit, built on the first file and reused while the next files come from the same unit;
     * call this once the unit is discarded so that its AST can be collected before the next compile.
     */
    public static void release() {
        UnusedPrivateMember.release();
    }

    static List<Finding> check(SourceUnit unit, LintContext ctx, boolean strict) {
        if (unit == null || unit.getAST() == null) {
            return Collections.emptyList();
        }
        Unit u = new Unit(unit, ctx);
        run(GROOVY, u, strict);
        if (ctx.isJenkins()) {
            run(JENKINS, u, strict);
        }
        List<Finding> out = new ArrayList<>(u.findings());
        Collections.sort(out);
        // Two walks over one node (a property and its backing field share an initializer) must not report twice.
        List<Finding> unique = new ArrayList<>(out.size());
        for (Finding f : out) {
            if (unique.isEmpty() || !unique.get(unique.size() - 1).equals(f)) {
                unique.add(f);
            }
        }
        return Collections.unmodifiableList(unique);
    }

    static void run(Rule[] rules, Unit u, boolean strict) {
        for (Rule r : rules) {
            int before = u.findings().size();
            try {
                r.check(u);
            } catch (RuntimeException | StackOverflowError e) {
                if (strict) {
                    throw e;
                }
                // Drop what the failed rule reported so far: a half-walked rule may have missed a use.
                while (u.findings().size() > before) {
                    u.findings().remove(u.findings().size() - 1);
                }
                System.err.println("lint: rule " + r.getClass().getSimpleName() + " failed on "
                        + u.source().getName() + " and reported nothing for it: " + e.getClass().getName() + ": "
                        + e.getMessage());
            }
        }
    }
}
