#!/usr/bin/env node
// Reads the error tests of a pipeline-model-definition-plugin checkout (github:jenkinsci/pipeline-model-definition-plugin)
// and writes test/jenkins/declarative-cases.json: one row per expected-message assertion, naming the test, the
// Jenkinsfile resource, the plugin's message key, the names the message mentions, the line where the test states one,
// the category (syntax-tree, catalogue, live-controller, literal) and the groovymcp rule that reports it.
// Only facts about the plugin's tests are written; no message text and no Jenkinsfile is copied.
//
//   node scripts/jenkins-declarative-cases.mjs --plugin DIR [--out FILE]
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Command } from "commander";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const TESTS = "pipeline-model-definition/src/test/java/org/jenkinsci/plugins/pipeline/modeldefinition";
const RESOURCES = "pipeline-model-definition/src/test/resources";

const SECTION = "jenkins/declarative-section";
const EMPTY = "jenkins/declarative-empty";
const UNKNOWN = "jenkins/declarative-unknown-name";
const BLOCKED = "jenkins/declarative-blocked-step";
const VALUE = "jenkins/declarative-value";
const DUPLICATE = "jenkins/declarative-duplicate";

const TREE = "syntax-tree";
const CATALOGUE = "catalogue";
const LIVE = "live-controller";

/** The plugin's message key to the rule that reports it and what deciding it needs. */
const KEYS = {
  Parser_UndefinedSection: [SECTION, TREE],
  Parser_MultipleOfSection: [DUPLICATE, TREE],
  ModelValidatorImpl_RequiredSection: [SECTION, TREE],
  ModelValidatorImpl_EmptySection: [EMPTY, TREE],
  ModelValidatorImpl_NoStages: [EMPTY, TREE],
  ModelValidatorImpl_NoSteps: [EMPTY, TREE],
  ModelValidatorImpl_NoEnvVars: [EMPTY, TREE],
  ModelValidatorImpl_NoAxes: [EMPTY, TREE],
  ModelValidatorImpl_NoExcludes: [EMPTY, TREE],
  ModelValidatorImpl_EmptyWhen: [EMPTY, TREE],
  ModelValidatorImpl_NothingForStage: [SECTION, TREE],
  ModelValidatorImpl_TwoOfStepsStagesParallel: [SECTION, TREE],
  ModelValidatorImpl_NoNestedWithinNestedStages: [SECTION, TREE],
  ModelValidatorImpl_AgentInNestedStages: [SECTION, TREE],
  ModelValidatorImpl_ToolsInNestedStages: [SECTION, TREE],
  ModelValidatorImpl_MissingInputMessage: [SECTION, TREE],
  ModelParser_ExpectedBlockFor: [SECTION, TREE],
  ModelParser_ExpectedStage: [SECTION, TREE],
  ModelParser_ExpectedStep: [SECTION, TREE],
  ModelParser_ExpectedWhen: [SECTION, TREE],
  ModelParser_ExpectedTool: [SECTION, TREE],
  ModelParser_ExpectedLibrary: [SECTION, TREE],
  ModelParser_ExpectedClosureOrFailFast: [SECTION, TREE],
  ModelParser_CannotHaveBlocks: [SECTION, TREE],
  ModelParser_UnknownStageSection: [SECTION, TREE],
  ModelParser_RenamedNotifications: [SECTION, TREE],
  ModelParser_PipelineBlockNotAtTop: [SECTION, TREE],
  ModelParser_OneAgentMax: [SECTION, TREE],
  ModelParser_InvalidAgent: [SECTION, TREE],
  ModelParser_InvalidSectionDefinition: [SECTION, TREE],
  ModelParser_InvalidStageSectionDefinition: [SECTION, TREE],
  ModelParser_MatrixExcludeAxisValuesOrNotValues: [SECTION, TREE],
  ModelParser_InvalidInputField: [SECTION, TREE],
  ModelParser_InvalidBuildCondition: [SECTION, TREE],
  ModelParser_ObjectMethodCall: [VALUE, TREE],
  ModelParser_MethodCallWithClosure: [VALUE, TREE],
  ModelParser_MapNotAllowed: [VALUE, TREE],
  ModelParser_ExpectedStringLiteral: [VALUE, TREE],
  ModelParser_ExpectedStringLiteralButGot: [VALUE, TREE],
  ModelParser_ExpectedBoolean: [VALUE, TREE],
  ModelParser_BareDollarCurly: [VALUE, TREE],
  ModelParser_BigIntegerValue: [VALUE, TREE],
  ModelParser_InvalidEnvironmentIdentifier: [VALUE, TREE],
  ModelParser_InvalidEnvironmentOperation: [VALUE, TREE],
  ModelParser_InvalidEnvironmentConcatValue: [VALUE, TREE],
  ModelParser_InvalidEnvironmentValue: [VALUE, TREE],
  ModelValidatorImpl_InvalidIdentifierInEnv: [VALUE, TREE],
  ModelValidatorImpl_MixedNamedAndUnnamedParameters: [VALUE, TREE],
  ModelValidatorImpl_DuplicateStageName: [DUPLICATE, TREE],
  ModelValidatorImpl_DuplicateAxisName: [DUPLICATE, TREE],
  ModelValidatorImpl_DuplicateAxisValue: [DUPLICATE, TREE],
  ModelParser_DuplicateEnvVar: [DUPLICATE, TREE],
  ModelValidatorImpl_DuplicateBuildCondition: [DUPLICATE, TREE],
  ModelValidatorImpl_DuplicateOptionName: [DUPLICATE, TREE],
  ModelValidatorImpl_DuplicateTriggerName: [DUPLICATE, TREE],
  ModelValidatorImpl_BlockedStep: [BLOCKED, CATALOGUE],
  ModelValidatorImpl_InvalidBuildCondition: [UNKNOWN, CATALOGUE],
  ModelValidatorImpl_UnknownWhenConditional: [UNKNOWN, CATALOGUE],
  ModelValidatorImpl_InvalidAgentType: [UNKNOWN, CATALOGUE],
  ModelValidatorImpl_NoAgentType: [SECTION, CATALOGUE],
  ModelValidatorImpl_InvalidSectionType: [UNKNOWN, CATALOGUE],
  ModelValidatorImpl_NestedWhenNoArgs: [VALUE, CATALOGUE],
  ModelValidatorImpl_NoNestedWhenAllowed: [VALUE, CATALOGUE],
  ModelValidatorImpl_NestedWhenWithoutChildren: [VALUE, CATALOGUE],
  ModelValidatorImpl_NestedWhenWrongChildrenCount: [VALUE, CATALOGUE],
  ModelValidatorImpl_InvalidAgentParameter: [VALUE, CATALOGUE],
  ModelValidatorImpl_MultipleAgentParameters: [VALUE, CATALOGUE],
  ParametersAndTriggersInOptions_RejectParameters: [SECTION, CATALOGUE],
  ParametersAndTriggersInOptions_RejectTriggers: [SECTION, CATALOGUE],
};

/** Keys whose decision needs what a controller has installed: the step's or tool's own descriptor. */
const LIVE_KEYS = {
  ModelValidatorImpl_InvalidStepParameter: "the parameters of an installed step or when condition",
  ModelValidatorImpl_MissingRequiredStepParameter: "the required parameters of an installed step or when condition",
  ModelValidatorImpl_InvalidParameterType: "the parameter types of an installed step",
  ModelValidatorImpl_InvalidUnnamedParameterType: "the parameter types of an installed step",
  ModelValidatorImpl_WrongNumberOfStepParameters: "the signature of an installed step",
  ModelValidatorImpl_NoToolVersion: "the tool installations configured on the controller",
  ModelValidatorImpl_TooManyUnnamedParameters: "the constructor of a test-only describable",
};

/** Tests whose literal expectations come from a running controller, by test name. */
const LIVE_TESTS = [
  [/^scriptSecurityRejection/, "a script-security sandbox rejection"],
  [/ValidatorContributor$/, "a validator extension installed only in the plugin's tests"],
];

/** Nested section-name keys, as the Declarative section each one names. */
const SECTION_NAMES = { Parser_Options: "options", Parser_BuildParameters: "parameters", Parser_Triggers: "triggers", Parser_Libraries: "libraries" };

const program = new Command()
  .requiredOption("--plugin <dir>", "a checkout of jenkinsci/pipeline-model-definition-plugin")
  .option("--out <file>", "where to write the table", join(ROOT, "test", "jenkins", "declarative-cases.json"));
program.parse();
const opts = program.opts();
const plugin = resolve(opts.plugin);

/** The text of a file of the checkout: a work tree, or a bare git directory read at HEAD. */
function read(path) {
  const file = join(plugin, path);
  if (existsSync(file)) return readFileSync(file, "utf8");
  return execFileSync("git", ["--git-dir", plugin, "show", `HEAD:${path}`], { encoding: "utf8", maxBuffer: 16 << 20, stdio: ["ignore", "pipe", "ignore"] });
}

function commit() {
  return execFileSync("git", ["--git-dir", gitDir(), "rev-parse", "HEAD"], { encoding: "utf8" }).trim();
}

/** The index just after the bracket that closes the one at `open`, skipping comments, string and char literals. */
function closing(text, open) {
  const pair = { "(": ")", "{": "}" }[text[open]];
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === "/" && text[i + 1] === "/") i = text.indexOf("\n", i) < 0 ? text.length : text.indexOf("\n", i);
    else if (c === "/" && text[i + 1] === "*") i = text.indexOf("*/", i) < 0 ? text.length : text.indexOf("*/", i) + 1;
    else if (c === '"' || c === "'") {
      i++;
      while (i < text.length && text[i] !== c) i += text[i] === "\\" ? 2 : 1;
    } else if (c === text[open]) depth++;
    else if (c === pair && --depth === 0) return i + 1;
  }
  return text.length;
}

/** Top-level comma-separated expressions of an argument list's inner text. */
function splitArgs(inner) {
  const out = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c === '"' || c === "'") {
      i++;
      while (i < inner.length && inner[i] !== c) i += inner[i] === "\\" ? 2 : 1;
    } else if (c === "(" || c === "{" || c === "[") depth++;
    else if (c === ")" || c === "}" || c === "]") depth--;
    else if (c === "," && depth === 0) {
      out.push(inner.slice(start, i).trim());
      start = i + 1;
    }
  }
  if (inner.slice(start).trim() !== "") out.push(inner.slice(start).trim());
  return out;
}

function unquote(lit) {
  return JSON.parse(lit.replace(/\\\$/g, "$"));
}

/** One assertion argument as {key, names, literal}: a bundle message with its name arguments, or a literal. */
function assertion(expr) {
  const m = /^Messages\.(\w+)\(/.exec(expr);
  if (m) {
    const open = m[0].length - 1;
    const inner = expr.slice(open + 1, closing(expr, open) - 1);
    const names = [];
    for (const a of splitArgs(inner)) {
      if (/^"(?:[^"\\]|\\.)*"$/.test(a)) names.push(unquote(a));
      const nested = /^Messages\.(\w+)\(\)$/.exec(a);
      if (nested && SECTION_NAMES[nested[1]]) names.push(SECTION_NAMES[nested[1]]);
    }
    return { key: m[1], names, literal: null };
  }
  if (/^"(?:[^"\\]|\\.)*"$/.test(expr)) return { key: null, names: [], literal: unquote(expr) };
  return { key: null, names: [], literal: null };
}

function lineOf(literal) {
  const m = literal === null ? null : /(?:WorkflowScript: |line )(\d+)/.exec(literal);
  return m ? Number(m[1]) : null;
}

/** The resource a test runs and what it expects of it, from the first expect/expectError call of its body. */
function expectation(body) {
  const err = /expectError\("([^"]+)"/.exec(body);
  if (err) return { resource: `errors/${err[1]}.groovy`, failure: true, fromErrors: true };
  const ex = /\bexpect\((?:Result\.([A-Z_]+),\s*)?"([^"]+)"(?:,\s*"([^"]+)")?\)/.exec(body);
  if (!ex) return null;
  const resource = `${ex[3] === undefined ? ex[2] : `${ex[2]}/${ex[3]}`}.groovy`;
  return { resource, failure: ex[1] === "FAILURE", fromErrors: false };
}

const cases = [];
const valid = new Set();
const failing = new Set();
const testFiles = execFileSync("git", ["--git-dir", gitDir(), "ls-tree", "--name-only", "HEAD", `${TESTS}/`], { encoding: "utf8" })
  .split("\n")
  .filter((p) => p.endsWith("Test.java"))
  .sort();
for (const path of testFiles) {
  const source = path.slice(path.lastIndexOf("/") + 1);
  const text = read(path);
  for (const m of text.matchAll(/@Test\b[\s\S]*?public void (\w+)\(\)[^{]*\{/g)) {
    const before = text.slice(Math.max(0, m.index - 400), m.index);
    if (/@Ignore/.test(m[0]) || /@Ignore/.test(before.slice(before.lastIndexOf("}") + 1))) continue;
    const bodyStart = m.index + m[0].length - 1;
    const body = text.slice(bodyStart, closing(text, bodyStart));
    const exp = expectation(body);
    if (!exp || !existsInResources(exp.resource)) continue;
    if (!exp.failure) {
      valid.add(exp.resource);
      continue;
    }
    failing.add(exp.resource);
    for (const call of body.matchAll(/\.logContains\(/g)) {
      const open = call.index + call[0].length - 1;
      for (const expr of splitArgs(body.slice(open + 1, closing(body, open) - 1))) {
        const a = assertion(expr);
        const known = a.key === null ? null : KEYS[a.key];
        const liveTest = a.key === null ? LIVE_TESTS.find(([re]) => re.test(m[1])) : undefined;
        const live = a.key === null ? (liveTest ? liveTest[1] : null) : LIVE_KEYS[a.key];
        // A failing build's log holds its run's output too; only the validator's messages are cases there.
        if (!exp.fromErrors && !known && !live) continue;
        const category = known ? known[1] : live ? LIVE : "literal";
        const reason = live ?? (known ? null : a.key === null ? "a literal text, often a Groovy 2.4 compiler message" : "a message key without a groovymcp rule");
        cases.push({
          test: `${source.replace(/\.java$/, "")}.${m[1]}`,
          resource: exp.resource,
          key: a.key,
          names: a.names,
          line: lineOf(a.literal),
          category,
          rule: known ? known[0] : null,
          ...(reason === null ? {} : { reason }),
        });
      }
    }
  }
}

function gitDir() {
  return existsSync(join(plugin, ".git")) ? join(plugin, ".git") : plugin;
}

function existsInResources(resource) {
  try {
    read(`${RESOURCES}/${resource}`);
    return true;
  } catch {
    return false;
  }
}

/** The plugin's pipelines that its tests run to a non-failing result: each one should validate cleanly. */
function validResources() {
  return [...valid].filter((r) => !failing.has(r) && /^\s*pipeline\s*\{/m.test(read(`${RESOURCES}/${r}`))).sort();
}

const table = {
  source: "github:jenkinsci/pipeline-model-definition-plugin",
  commit: commit(),
  generator: "scripts/jenkins-declarative-cases.mjs",
  cases,
  valid: validResources(),
};
writeFileSync(opts.out, JSON.stringify(table, null, 2) + "\n");
const by = (c) => cases.filter((x) => x.category === c).length;
process.stderr.write(`${cases.length} assertions: ${by(TREE)} syntax-tree, ${by(CATALOGUE)} catalogue, ${by(LIVE)} live-controller, ${by("literal")} literal; ${table.valid.length} valid pipelines\n`);
