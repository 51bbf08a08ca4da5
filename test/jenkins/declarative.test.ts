import { cpSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ENGINE_PRESENT, lint, PROJECT_ROOT, tempRepo, type JsonReport } from "../lint/support.js";

/**
 * Our own Jenkinsfiles through `groovymcp lint` on the real engine. What each invalid file must report comes from the
 * generated table of the Declarative plugin's error tests (declarative-cases.json, scripts/jenkins-declarative-cases.mjs):
 * a line marked `// expect: TEST [NAME]` must carry that test's rule with a message naming every name the plugin's
 * message names. No other jenkins/declarative-* finding may appear, and the valid files must have none.
 */

interface Case {
  readonly test: string;
  readonly key: string | null;
  readonly names: readonly string[];
  readonly rule: string | null;
  readonly category: string;
}

const TABLE = JSON.parse(readFileSync(join(PROJECT_ROOT, "test", "jenkins", "declarative-cases.json"), "utf8")) as { cases: Case[] };
const PIPELINES = join(PROJECT_ROOT, "test", "jenkins", "pipelines");
const DECLARATIVE = /^jenkins\/declarative-/;

if (!ENGINE_PRESENT && process.env["CI"] === "true") throw new Error("the engine is not built: CI runs these tests on the real engine");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

interface Expectation {
  readonly line: number;
  readonly rule: string;
  readonly names: readonly string[];
  readonly label: string;
}

/** The table entry a marker names: its test, narrowed by a name when the test asserts more than one message. */
export function expectationFor(test: string, name: string | undefined): Case {
  const all = TABLE.cases.filter((c) => c.test === test && c.rule !== null);
  const chosen = name === undefined ? all : all.filter((c) => c.names.includes(name));
  const distinct = new Set(chosen.map((c) => `${c.rule} ${JSON.stringify(c.names)}`));
  if (distinct.size !== 1) throw new Error(`marker ${test} ${name ?? ""} matches ${distinct.size} distinct table entries`);
  return chosen[0]!;
}

function expectations(path: string): Expectation[] {
  const out: Expectation[] = [];
  readFileSync(path, "utf8").split("\n").forEach((text, i) => {
    const m = /\/\/ expect: (\S+)(?: (\S+))?\s*$/.exec(text);
    if (!m) return;
    const c = expectationFor(m[1]!, m[2]);
    out.push({ line: i + 1, rule: c.rule!, names: c.names, label: `${m[1]} ${m[2] ?? ""}`.trim() });
  });
  return out;
}

describe.skipIf(!ENGINE_PRESENT)("Declarative Pipeline validation through groovymcp lint", () => {
  let report: JsonReport;
  let root: string;

  beforeAll(async () => {
    root = tempRepo("jenkins");
    cpSync(PIPELINES, root, { recursive: true });
    const run = await lint(["--format", "json", "--jobs", "2", "."], { cwd: root });
    expect(run.stderr).toBe("");
    report = JSON.parse(run.stdout) as JsonReport;
  }, 180_000);

  const findingsOf = (path: string) => {
    const file = report.files.find((f) => f.path === path);
    if (file === undefined) throw new Error(`${path} was not linted`);
    return file.findings.filter((f) => DECLARATIVE.test(f.rule));
  };

  const invalid = files(join(PIPELINES, "invalid")).map((p) => relative(PIPELINES, p));
  const valid = files(join(PIPELINES, "valid")).map((p) => relative(PIPELINES, p));

  it.each(invalid)("%s reports what the plugin's test expects, at the marked line, and nothing else", (path) => {
    const expected = expectations(join(PIPELINES, path));
    expect(expected.length, "an invalid fixture marks at least one expected finding").toBeGreaterThan(0);
    const got = findingsOf(path);
    for (const e of expected) {
      const hit = got.find((f) => f.line === e.line && f.rule === e.rule && e.names.every((n) => f.message.includes(n)));
      expect(hit, `${e.label}: ${e.rule} at line ${e.line} naming ${JSON.stringify(e.names)}; got ${JSON.stringify(got)}`).toBeDefined();
      expect(hit!.severity).toBe("error");
    }
    expect(got.map((f) => f.line).sort((a, b) => a - b)).toEqual(expected.map((e) => e.line).sort((a, b) => a - b));
  });

  it.each(valid)("%s has no Declarative finding", (path) => {
    expect(findingsOf(path)).toEqual([]);
  });

  it("covers every jenkins/declarative rule", () => {
    const rules = new Set(invalid.flatMap((p) => expectations(join(PIPELINES, p)).map((e) => e.rule)));
    expect([...rules].sort()).toEqual([
      "jenkins/declarative-blocked-step",
      "jenkins/declarative-duplicate",
      "jenkins/declarative-empty",
      "jenkins/declarative-section",
      "jenkins/declarative-unknown-name",
      "jenkins/declarative-value",
    ]);
  });
});
