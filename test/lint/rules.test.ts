import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { RULE_IDS, RULES } from "../../src/lint/rules.js";
import { spawnSync } from "node:child_process";
import { CLI, ENGINE_MISSING, ENGINE_PRESENT, FIXTURES, lint, NODE, PROJECT_ROOT, tempRepo, writeTree, type JsonReport } from "./support.js";
import { describeWith } from "../support/peers.js";


describe("the rule table", () => {
  it("gives every rule a severity, a rationale and a section in docs/rules.md", async () => {
    const { readFileSync } = await import("node:fs");
    const doc = readFileSync(join(PROJECT_ROOT, "docs", "rules.md"), "utf8");
    for (const id of RULE_IDS) {
      const def = RULES.get(id)!;
      expect(["error", "warning", "information"]).toContain(def.severity);
      expect(def.rationale.length).toBeGreaterThan(20);
      expect(doc, id).toContain(`## ${id}\n`);
    }
  });
});

describeWith(ENGINE_MISSING)("compiler rules decided by the host, on the real engine", () => {
  let report: JsonReport;
  const findings = (path: string): string[] => {
    const file = report.files.find((f) => f.path === path);
    if (file === undefined) throw new Error(`${path} was not linted`);
    return file.findings.map((f) => `${f.line}:${f.rule}:${f.severity}`);
  };

  beforeAll(async () => {
    const run = await lint(["--format", "json", "--jobs", "2", "rules"], { cwd: FIXTURES });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(1);
    report = JSON.parse(run.stdout) as JsonReport;
  });

  it.each([
    ["groovy/syntax", "rules/scripts/syntax.groovy", ["2:groovy/syntax:error"]],
    ["groovy/unresolved (a simple name no import explains)", "rules/scripts/unresolved.groovy", ["1:groovy/unresolved:error"]],
    ["groovy/unresolved (an import from a JDK package)", "rules/scripts/typo.groovy", ["1:groovy/unresolved:error"]],
    ["groovy/missing-dependency (once per import)", "rules/scripts/missing.groovy", ["1:groovy/missing-dependency:information"]],
    ["groovy/type-check", "rules/typed/Typed.groovy", ["3:groovy/type-check:error"]],
    ["groovy/duplicate", "rules/dup/Dup.groovy", ["2:groovy/duplicate:error"]],
    ["groovy/compiler", "rules/abstract/Abs.groovy", ["4:groovy/compiler:error"]],
    ["groovy/unused-import", "rules/unused/Unused.groovy", ["1:groovy/unused-import:warning"]],
    ["suppression comments (ours and groovylint's)", "rules/suppress/Suppressed.groovy", ["4:groovy/unused-import:warning", "6:groovy/unused-import:warning"]],
  ])("%s", (_rule, path, expected) => {
    expect(findings(path)).toEqual(expected);
  });

  it("reports nothing on clean files (the negative cases)", () => {
    expect(findings("rules/ok/Ok.groovy")).toEqual([]);
    expect(findings("rules/scripts/ok-script.groovy")).toEqual([]);
  });

  it("counts suppressed findings", () => {
    expect(report.files.find((f) => f.path === "rules/suppress/Suppressed.groovy")!.suppressed).toBe(2);
    expect(report.summary.suppressed).toBe(2);
  });

  it("shows relative paths, never absolute ones, in messages", () => {
    const dup = report.files.find((f) => f.path === "rules/dup/Dup.groovy")!.findings[0]!;
    expect(dup.message).toContain("rules/dup/Dup.groovy");
    expect(dup.message).not.toContain("file:");
  });
});

describe("the host's rule table mirrors the engine's LintRules.RULES", () => {
  it("has the same ids, default severities and rationales, in the same order", async () => {
    const { readFileSync } = await import("node:fs");
    const java = readFileSync(join(PROJECT_ROOT, "engine-wasm", "lint-rules", "src", "main", "java", "io", "groovymcp", "lint", "rules", "LintRules.java"), "utf8");
    const constants = new Map([...java.matchAll(/public static final String (\w+) = "([^"]+)";/g)].map((m) => [m[1]!, m[2]!]));
    const table = java.slice(java.indexOf("private static List<RuleInfo> table()"));
    const engine = [...table.matchAll(/new RuleInfo\((\w+), RuleInfo\.(\w+),\s*((?:"(?:[^"\\]|\\.)*"\s*\+?\s*)+)\)/g)].map((m) => ({
      id: constants.get(m[1]!),
      severity: m[2]!.toLowerCase(),
      rationale: [...m[3]!.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((x) => x[1]!.replace(/\\'/g, "'")).join(""),
    }));
    expect(engine.length).toBe(23);
    const host = RULE_IDS.filter((id) => RULES.get(id)!.origin === "ast").map((id) => ({ id, severity: RULES.get(id)!.severity, rationale: RULES.get(id)!.rationale }));
    expect(host).toEqual(engine);
  });
});

/** Whether the built engine runs the AST rules: one real run on a one-line file, at collection time. */
function engineRunsAstRules(): boolean {
  if (!ENGINE_PRESENT) return false;
  const dir = tempRepo("probe");
  writeTree(dir, { "a.groovy": "println 1\n" });
  const r = spawnSync(NODE, [CLI, "lint", "--format", "json", "--jobs", "1", "a.groovy"], { cwd: dir, encoding: "utf8", timeout: 120_000 });
  return r.status === 0 && (JSON.parse(r.stdout) as JsonReport).tool.astRules;
}
const AST_RULES = engineRunsAstRules();

describeWith(ENGINE_MISSING ?? (AST_RULES ? undefined : "the built engine has no lint op, so it runs no AST rules (rebuild it: npm run build:engine)"))("AST and Jenkins rules through the host (engine with the lint op)", () => {
  it("reports engine findings with the host's severities, Jenkins rules only in Jenkins files, and honours suppression", async () => {
    const dir = tempRepo("ast");
    const noncps = "@NonCPS\ndef names() {\n    sh 'ls'\n}\n";
    writeTree(dir, {
      Jenkinsfile: noncps,
      "vars/deploy.groovy": noncps,
      "scripts/plain.groovy": noncps,
      "src/Catcher.groovy": [
        "class Catcher {",
        "    void a() {",
        "        try { println 1 } catch (IOException e) { }",
        "    }",
        "    void b() {",
        "        // groovymcp-disable-next-line groovy/empty-catch",
        "        try { println 2 } catch (IOException e) { }",
        "    }",
        "    void c() {",
        "        try { println 3 } catch (IOException e) { println e }",
        "    }",
        "}",
        "",
      ].join("\n"),
    });
    const run = await lint(["--format", "json", "--jobs", "1"], { cwd: dir });
    const report = JSON.parse(run.stdout) as JsonReport;
    expect(report.tool.astRules).toBe(true);
    const byFile = (path: string): string[] => report.files.find((f) => f.path === path)!.findings.map((f) => `${f.line}:${f.rule}:${f.severity}`);
    expect(byFile("Jenkinsfile")).toContain("3:jenkins/noncps-calls-step:error");
    expect(byFile("vars/deploy.groovy")).toContain("3:jenkins/noncps-calls-step:error");
    expect(byFile("scripts/plain.groovy").filter((f) => f.includes("jenkins/"))).toEqual([]);
    expect(byFile("src/Catcher.groovy")).toEqual(["3:groovy/empty-catch:warning"]);
    expect(report.files.find((f) => f.path === "src/Catcher.groovy")!.suppressed).toBe(1);
  });
});
