/**
 * The lint rule table: every rule id that `groovymcp lint` can report, with its default severity and the one-line
 * rationale that the SARIF `shortDescription`, `--help` and docs/rules.md share. The AST and Jenkins rules mirror
 * the engine's `LintRules.RULES` table (docs/rules-ast.md); compiler rules are decided here, in the host.
 */

export type Severity = "error" | "warning" | "information";

export const SEVERITIES: readonly Severity[] = ["error", "warning", "information"];

/** Higher is more severe; `--fail-on` compares with it. */
export function severityRank(severity: Severity): number {
  return severity === "error" ? 3 : severity === "warning" ? 2 : 1;
}

export interface RuleDefinition {
  readonly id: string;
  readonly severity: Severity;
  readonly rationale: string;
  /** Who decides a finding: the host from compiler diagnostics, or the engine's AST rule module. */
  readonly origin: "compiler" | "ast";
  /** npm-groovy-lint (CodeNarc) rule names whose `groovylint-disable*` comments also silence this rule. */
  readonly groovylint: readonly string[];
  /** Only reported in Jenkins pipelines and shared-library `vars/`. */
  readonly jenkinsOnly?: boolean;
  /** Reported only when the configuration sets a severity for it (its precision on real code is below 90%). */
  readonly offByDefault?: boolean;
}

const RULE_LIST: readonly RuleDefinition[] = [
  {
    id: "groovy/syntax",
    severity: "error",
    rationale: "The file does not parse, so nothing else in it can be checked.",
    origin: "compiler",
    groovylint: ["NglParseError"],
  },
  {
    id: "groovy/unresolved",
    severity: "error",
    rationale: "A class name that neither an import, the file's package, the JDK, Groovy nor the classpath explains.",
    origin: "compiler",
    groovylint: ["NglParseError"],
  },
  {
    id: "groovy/missing-dependency",
    severity: "information",
    rationale: "An import from a library that is not on the classpath; give --classpath to check the code that uses it.",
    origin: "compiler",
    groovylint: ["NglParseError"],
  },
  {
    id: "groovy/type-check",
    severity: "error",
    rationale: "The static type checker rejects @TypeChecked or @CompileStatic code, so it would not compile.",
    origin: "compiler",
    groovylint: ["NglParseError"],
  },
  {
    id: "groovy/duplicate",
    severity: "error",
    rationale: "A class, method, field or variable is declared twice in one scope, which the compiler rejects.",
    origin: "compiler",
    groovylint: ["NglParseError"],
  },
  {
    id: "groovy/compiler",
    severity: "error",
    rationale: "Any other message of the Groovy compiler; its errors stop the code from compiling.",
    origin: "compiler",
    groovylint: ["NglParseError"],
  },
  {
    id: "groovy/unused-import",
    severity: "warning",
    rationale: "An import that nothing in the file uses hides the file's real dependencies.",
    origin: "compiler",
    groovylint: ["UnusedImport"],
  },
  {
    id: "groovy/unused-private-field",
    severity: "warning",
    rationale: "A private field that nothing reads or writes is dead state.",
    origin: "ast",
    groovylint: ["UnusedPrivateField"],
  },
  {
    id: "groovy/unused-private-method",
    severity: "warning",
    rationale: "A private method that nothing calls is dead code.",
    origin: "ast",
    groovylint: ["UnusedPrivateMethod"],
  },
  {
    id: "groovy/unused-local-variable",
    severity: "warning",
    rationale: "A local variable that is declared and never referenced is dead code or a forgotten use.",
    origin: "ast",
    groovylint: ["UnusedVariable"],
  },
  {
    id: "groovy/duplicate-map-key",
    severity: "warning",
    rationale: "A map literal that repeats a key silently keeps only the last value.",
    origin: "ast",
    groovylint: ["DuplicateMapKey"],
  },
  {
    id: "groovy/empty-catch",
    severity: "warning",
    rationale: "A catch block with no statements and no comment swallows the exception without a trace.",
    origin: "ast",
    groovylint: ["EmptyCatchBlock"],
  },
  {
    id: "groovy/assignment-in-condition",
    severity: "warning",
    rationale: "An assignment used as a condition is usually a mistyped '=='.",
    origin: "ast",
    groovylint: ["AssignmentInConditional"],
  },
  {
    id: "groovy/unrelated-equals",
    severity: "warning",
    rationale: "'==' between types that Groovy never considers equal is always false.",
    origin: "ast",
    groovylint: ["ComparisonOfTwoConstants"],
  },
  {
    id: "groovy/unreachable-code",
    severity: "warning",
    rationale: "A statement after return, throw, break or continue in the same block never runs.",
    origin: "ast",
    groovylint: ["UnreachableCode"],
  },
  {
    id: "groovy/unread-local-variable",
    severity: "warning",
    rationale: "A local variable that is assigned but whose value is never read is dead code or a forgotten use.",
    origin: "ast",
    groovylint: ["UnusedVariable"],
  },
  {
    id: "groovy/unused-parameter",
    severity: "warning",
    rationale: "A parameter that the method never uses, where nothing dictates the signature, misleads callers.",
    origin: "ast",
    groovylint: ["UnusedMethodParameter"],
    offByDefault: true,
  },
  {
    id: "groovy/constant-condition",
    severity: "warning",
    rationale: "A condition that is always true or always false makes one branch dead.",
    origin: "ast",
    groovylint: ["ConstantIfExpression", "ConstantTernaryExpression", "ComparisonOfTwoConstants", "ComparisonWithSelf"],
  },
  {
    id: "groovy/equals-hashcode",
    severity: "warning",
    rationale: "equals without hashCode (or the reverse) breaks every hash map and set that holds the objects.",
    origin: "ast",
    groovylint: ["EqualsAndHashCode"],
  },
  {
    id: "groovy/compareto-without-comparable",
    severity: "warning",
    rationale: "A compareTo in a class that is not Comparable is never used by <=>, sort() or sorted collections.",
    origin: "ast",
    groovylint: ["CompareToWithoutComparable"],
  },
  {
    id: "jenkins/noncps-calls-step",
    severity: "error",
    rationale: "Pipeline steps called from a @NonCPS method do not run as written.",
    origin: "ast",
    groovylint: [],
    jenkinsOnly: true,
  },
  {
    id: "jenkins/cps-closure-step",
    severity: "error",
    rationale: "A closure passed to a method that CPS does not transform (sort, toSorted, unique, eachLine, ...) misbehaves in a pipeline; steps inside it do not run.",
    origin: "ast",
    groovylint: [],
    jenkinsOnly: true,
  },
  {
    id: "jenkins/non-serializable-local",
    severity: "error",
    rationale: "A non-serializable local variable still in scope at a pipeline step fails the build with NotSerializableException.",
    origin: "ast",
    groovylint: [],
    jenkinsOnly: true,
  },
  {
    id: "jenkins/declarative-section",
    severity: "error",
    rationale: "A Declarative Pipeline section or directive that is missing, misplaced or malformed fails the build before it starts.",
    origin: "ast",
    groovylint: [],
    jenkinsOnly: true,
  },
  {
    id: "jenkins/declarative-empty",
    severity: "error",
    rationale: "An empty Declarative section (stages, steps, post, environment, options, ...) fails the build before it starts.",
    origin: "ast",
    groovylint: [],
    jenkinsOnly: true,
  },
  {
    id: "jenkins/declarative-unknown-name",
    severity: "error",
    rationale: "A post condition, when condition or (with a site catalogue) agent type, option, trigger, parameter or tool that Jenkins does not know fails the build before it starts.",
    origin: "ast",
    groovylint: [],
    jenkinsOnly: true,
  },
  {
    id: "jenkins/declarative-blocked-step",
    severity: "error",
    rationale: "A step that Declarative forbids inside steps (stage, properties, parallel among other steps) fails the build before it starts.",
    origin: "ast",
    groovylint: [],
    jenkinsOnly: true,
  },
  {
    id: "jenkins/declarative-value",
    severity: "error",
    rationale: "A Declarative directive given a value of the wrong kind (an environment name or value, an axis value, a flag) fails the build before it starts.",
    origin: "ast",
    groovylint: [],
    jenkinsOnly: true,
  },
  {
    id: "jenkins/declarative-duplicate",
    severity: "error",
    rationale: "A repeated stage name, section, environment variable, post condition, option, trigger or axis fails the build before it starts.",
    origin: "ast",
    groovylint: [],
    jenkinsOnly: true,
  },
  {
    id: "jenkins/moved-class",
    severity: "information",
    rationale: "A class Jenkins's older Groovy imported by default and current Groovy keeps in another package resolves in a pipeline, but only there.",
    origin: "ast",
    groovylint: [],
    jenkinsOnly: true,
  },
];

export const RULES: ReadonlyMap<string, RuleDefinition> = new Map(RULE_LIST.map((r) => [r.id, r]));

export const RULE_IDS: readonly string[] = RULE_LIST.map((r) => r.id);

/**
 * The SARIF driver's `informationUri`, which SARIF validators ask for (SARIF2005). Rules carry no `helpUri`: their
 * documentation is in the log (report/sarif.ts), so nothing depends on this address resolving.
 */
export const TOOL_INFORMATION_URI = "https://github.com/groovymcp/groovymcp";

/** Rule ids whose `groovylint-disable*` comments map onto ours, keyed by the CodeNarc rule name. */
export function rulesForGroovylintName(name: string): string[] {
  const out: string[] = [];
  for (const rule of RULE_LIST) if (rule.groovylint.includes(name)) out.push(rule.id);
  return out;
}
