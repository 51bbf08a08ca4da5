import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import type { FileReport, Finding } from "../../src/lint/findings.js";
import { escapeData, escapeProperty, formatGithub } from "../../src/lint/report/github.js";
import { formatJson, JSON_REPORT_VERSION } from "../../src/lint/report/json.js";
import { formatSarif } from "../../src/lint/report/sarif.js";
import { summarize, type ReportInput } from "../../src/lint/report/summary.js";
import { formatText } from "../../src/lint/report/text.js";
import { RULE_IDS } from "../../src/lint/rules.js";
import { itWith, PROJECT_ROOT, type Missing } from "../support/peers.js";

/**
 * lint's four report formats are pure functions of the findings; here they get findings built by hand, with the
 * awkward cases a real tree rarely has all at once (a path with a space, a message with `%`, newlines, `:` and `,`,
 * a finding at the end of a line). test/lint/options.test.ts shows the CLI writes exactly these functions' output
 * for a real engine's findings.
 */

const at = (line: number, character: number, endLine: number, endCharacter: number): Finding["range"] => ({
  start: { line, character },
  end: { line: endLine, character: endCharacter },
});
const hash = (n: number): string => n.toString(16).padStart(32, "0");

const TYPED: Finding = {
  rule: "groovy/type-check",
  severity: "error",
  message: "[Static type checking] - Cannot return value of type java.lang.String for method returning int",
  range: at(2, 14, 2, 17),
  fingerprint: hash(1),
};
const REPORTS: readonly FileReport[] = [
  { path: "/repo/Jenkinsfile", displayPath: "Jenkinsfile", kind: "jenkins", suppressed: 0, findings: [
    { rule: "jenkins/noncps-calls-step", severity: "warning", message: "@NonCPS method names() calls the step sh", range: at(1, 4, 1, 13), fingerprint: hash(2) },
  ] },
  { path: "/repo/ok/Ok.groovy", displayPath: "ok/Ok.groovy", kind: "class", suppressed: 2, findings: [] },
  { path: "/repo/rules/a b/Typed.groovy", displayPath: "rules/a b/Typed.groovy", kind: "class", suppressed: 1, findings: [
    { rule: "groovy/unused-import", severity: "warning", message: "Unused import: java.util.List", range: at(0, 0, 0, 21), fingerprint: hash(3) },
    TYPED,
    { rule: "groovy/missing-dependency", severity: "information", message: "unable to resolve class a:b, c\nfrom 100% of\r\nthe tree", range: at(4, 0, 5, 0), fingerprint: hash(4) },
  ] },
];

function input(overrides: Partial<ReportInput> = {}): ReportInput {
  return { reports: REPORTS, summary: summarize(REPORTS), toolVersion: "1.2.3", astRules: true, elapsedMs: 1234.5, color: false, ...overrides };
}

const FINDINGS = REPORTS.reduce((n, r) => n + r.findings.length, 0);

describe("the JSON report", () => {
  const report = JSON.parse(formatJson(input())) as { version: number; summary: unknown; files: { path: string; findings: { line: number; column: number; endLine: number; endColumn: number }[] }[] };

  it("validates against its published schema, version 1, every file listed in the order given", () => {
    const schema = JSON.parse(readFileSync(join(PROJECT_ROOT, "schemas", "lint-report.schema.json"), "utf8")) as object;
    const validate = new Ajv2020({ strict: true }).compile(schema);
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(report.version).toBe(JSON_REPORT_VERSION);
    expect(report.version).toBe(1);
    expect(report.files.map((f) => f.path)).toEqual(["Jenkinsfile", "ok/Ok.groovy", "rules/a b/Typed.groovy"]);
    expect(report.summary).toEqual({ files: 3, errors: 1, warnings: 2, information: 1, suppressed: 3 });
  });

  it("has 1-based positions and no timing, so the same findings give the same bytes", () => {
    expect(report.files[2]!.findings[1]).toMatchObject({ line: 3, column: 15, endLine: 3, endColumn: 18 });
    expect(formatJson(input({ elapsedMs: 99 }))).toBe(formatJson(input()));
  });
});

describe("the SARIF report", () => {
  const text = formatSarif(input());
  const sarif = JSON.parse(text) as {
    version: string;
    runs: {
      tool: { driver: { version: string; rules: { id: string; helpUri?: string; help: { text: string }; shortDescription: { text: string }; defaultConfiguration: { level: string } }[] } };
      results: { ruleId: string; ruleIndex: number; level: string; message: { text: string }; partialFingerprints: Record<string, string>; locations: { physicalLocation: { artifactLocation: { uri: string }; region: Record<string, number> } }[] }[];
    }[];
  };
  const run = sarif.runs[0]!;

  it("is SARIF 2.1.0 with every rule in the driver, each with its help, description and default level", () => {
    expect(sarif.version).toBe("2.1.0");
    expect(sarif.runs).toHaveLength(1);
    expect(run.tool.driver.version).toBe("1.2.3");
    expect(run.tool.driver.rules.map((r) => r.id)).toEqual([...RULE_IDS]);
    for (const rule of run.tool.driver.rules) {
      // the rule's documentation travels in the log (help), so no address is needed that might not exist
      expect(rule.helpUri).toBeUndefined();
      expect(rule.help.text.length).toBeGreaterThan(10);
      expect(rule.shortDescription.text.length).toBeGreaterThan(10);
      expect(["error", "warning", "note"]).toContain(rule.defaultConfiguration.level);
    }
  });

  it("has one result per finding with its level, rule index, one location (URI-encoded, 1-based) and a partial fingerprint", () => {
    expect(run.results).toHaveLength(FINDINGS);
    expect(run.results.map((r) => r.level)).toEqual(["warning", "warning", "error", "note"]);
    for (const r of run.results) {
      expect(run.tool.driver.rules[r.ruleIndex]!.id).toBe(r.ruleId);
      expect(r.locations).toHaveLength(1);
      expect(Object.values(r.partialFingerprints)[0]).toMatch(/^[0-9a-f]{32}$/);
    }
    const typed = run.results[2]!;
    expect(typed.locations[0]!.physicalLocation.artifactLocation.uri).toBe("rules/a%20b/Typed.groovy");
    expect(typed.locations[0]!.physicalLocation.region).toEqual({ startLine: 3, startColumn: 15, endLine: 3, endColumn: 18 });
    expect(typed.message.text).toBe(TYPED.message);
    // a range that ends at a line's start is still a valid region
    expect(run.results[3]!.locations[0]!.physicalLocation.region).toEqual({ startLine: 5, startColumn: 1, endLine: 6, endColumn: 1 });
  });

  it("has no timing, so the same findings give the same bytes", () => {
    expect(formatSarif(input({ elapsedMs: 99 }))).toBe(text);
  });

  itWith(multitoolMissing())("is accepted by Microsoft's SARIF multitool (SARIF, GitHub and GHAS rules)", () => {
    const work = mkdtempSync(join(tmpdir(), "groovymcp-sarif-"));
    const log = join(work, "lint.sarif");
    const verdict = join(work, "validation.sarif");
    writeFileSync(log, text);
    execFileSync(multitool(), ["validate", log, "--output", verdict, "--log", "ForceOverwrite", "--rule-kind", "Sarif;Gh;Ghas"], { cwd: work, stdio: "pipe", timeout: 120_000 });
    const results = (JSON.parse(readFileSync(verdict, "utf8")) as { runs: { results: unknown[] }[] }).runs[0]!.results;
    expect(results).toEqual([]);
  }, 120_000);
});

/** The multitool's executable, from the @microsoft/sarif-multitool dev dependency (a native build per platform). */
function multitool(): string {
  return createRequire(import.meta.url)("@microsoft/sarif-multitool") as string;
}

function multitoolMissing(): Missing {
  try {
    multitool();
    return undefined;
  } catch (error) {
    return `Microsoft's SARIF multitool is not installed for this platform (${error instanceof Error ? error.message.split("\n")[0] : String(error)})`;
  }
}

describe("GitHub workflow commands", () => {
  const lines = formatGithub(input()).trimEnd().split("\n");

  it("are one annotation per finding, with 1-based positions and the rule as title", () => {
    expect(lines).toHaveLength(FINDINGS);
    for (const line of lines) expect(line).toMatch(/^::(error|warning|notice) file=[^,:]+,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=(groovy|jenkins)\/[a-z-]+::.+$/);
    expect(lines).toContain(
      "::error file=rules/a b/Typed.groovy,line=3,col=15,endLine=3,endColumn=18,title=groovy/type-check::[Static type checking] - Cannot return value of type java.lang.String for method returning int",
    );
    expect(lines.filter((l) => l.startsWith("::notice "))).toHaveLength(1);
  });

  it("escape %, CR and LF in the message, and also : and , in properties, so no message injects a command", () => {
    expect(lines.at(-1)).toBe("::notice file=rules/a b/Typed.groovy,line=5,col=1,endLine=6,endColumn=1,title=groovy/missing-dependency::unable to resolve class a:b, c%0Afrom 100%25 of%0D%0Athe tree");
    expect(escapeData("a%b\r\nc")).toBe("a%25b%0D%0Ac");
    expect(escapeProperty("C:\\x,y")).toBe("C%3A\\x%2Cy");
  });
});

describe("the text report", () => {
  it("groups findings by file, one line each, files apart by a blank line, then a summary line", () => {
    const out = formatText(input());
    expect(out).not.toContain("\u001b[");
    const blocks = out.trimEnd().split("\n\n");
    expect(blocks).toHaveLength(REPORTS.filter((r) => r.findings.length > 0).length + 1);
    expect(blocks.at(-1)).toBe("3 files, 1 error, 2 warnings, 1 information, 3 suppressed in 1.23s");
    expect(out).toContain("rules/a b/Typed.groovy:3:15  error  [Static type checking] - Cannot return value of type java.lang.String for method returning int  groovy/type-check\n");
    // a message's line breaks never start a line of their own
    expect(out).toContain("rules/a b/Typed.groovy:5:1  information  unable to resolve class a:b, c from 100% of the tree  groovy/missing-dependency\n");
    expect(formatText(input({ reports: [], summary: summarize([]) }))).toBe("0 files, 0 errors, 0 warnings, 0 information in 1.23s\n");
  });

  it("colours severities, positions and rules only when asked", () => {
    const coloured = formatText(input({ color: true }));
    expect(coloured).toContain("\u001b[33mwarning\u001b[39m");
    expect(coloured).toContain("\u001b[31merror\u001b[39m");
    expect(coloured).toContain("\u001b[1mJenkinsfile:2:5\u001b[22m");
    expect(coloured).toContain("\u001b[2mgroovy/type-check\u001b[22m");
  });
});
