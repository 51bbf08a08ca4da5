import { describe, expect, it } from "vitest";
import type { FileReport, Finding } from "../../src/lint/findings.js";
import { decideOutcome, type ExitPolicy } from "../../src/lint/exit-status.js";
import type { Severity } from "../../src/lint/rules.js";

/**
 * lint's exit status and --quiet's filter are a pure function of the findings and three options; here it gets
 * findings built by hand. test/lint/options.test.ts shows each option reaches it through the real CLI.
 */

const finding = (severity: Severity, line: number): Finding => ({
  rule: severity === "error" ? "groovy/syntax" : severity === "warning" ? "groovy/unused-import" : "groovy/missing-dependency",
  severity,
  message: `${severity} on line ${line + 1}`,
  range: { start: { line, character: 0 }, end: { line, character: 1 } },
  fingerprint: line.toString(16).padStart(32, "0"),
});
const file = (name: string, ...findings: Finding[]): FileReport => ({ path: `/repo/${name}`, displayPath: name, kind: "class", findings, suppressed: 0 });

/** One warning and one information, as rules/unused plus rules/scripts/missing.groovy give. */
const WARNING_AND_INFORMATION = [file("Unused.groovy", finding("warning", 0)), file("missing.groovy", finding("information", 0))];
const ERROR_ONLY = [file("syntax.groovy", finding("error", 1))];
const CLEAN = [file("Ok.groovy")];
const MIXED = [file("a.groovy", finding("error", 0), finding("warning", 1), finding("information", 2)), file("b.groovy", finding("warning", 0))];

const DEFAULTS: ExitPolicy = { failOn: "error", maxWarnings: undefined, quiet: false };
const exitOf = (reports: readonly FileReport[], policy: Partial<ExitPolicy>): number => decideOutcome(reports, { ...DEFAULTS, ...policy }).exitCode;

describe("lint exit status", () => {
  it.each([
    ["error", 0],
    ["warning", 1],
    ["information", 1],
    ["none", 0],
  ] as const)("--fail-on %s on warnings and information exits %i", (failOn, status) => {
    expect(exitOf(WARNING_AND_INFORMATION, { failOn })).toBe(status);
  });

  it("--fail-on information passes a clean file, --fail-on none passes errors, the default fails on them", () => {
    expect(exitOf(CLEAN, { failOn: "information" })).toBe(0);
    expect(exitOf([file("missing.groovy", finding("information", 0))], { failOn: "information" })).toBe(1);
    expect(exitOf(ERROR_ONLY, { failOn: "none" })).toBe(0);
    expect(exitOf(ERROR_ONLY, {})).toBe(1);
  });

  it("--max-warnings fails only above the count, whatever --fail-on says", () => {
    expect(exitOf(WARNING_AND_INFORMATION, { maxWarnings: 0 })).toBe(1);
    expect(exitOf(WARNING_AND_INFORMATION, { maxWarnings: 1 })).toBe(0);
    expect(exitOf(MIXED, { maxWarnings: 1, failOn: "none" })).toBe(1);
    expect(exitOf(MIXED, { maxWarnings: 2, failOn: "none" })).toBe(0);
    // information never counts as a warning
    expect(exitOf([file("missing.groovy", finding("information", 0), finding("information", 1))], { maxWarnings: 1 })).toBe(0);
  });

  it("--quiet shows errors only and keeps every file, without changing the exit status", () => {
    const quiet = decideOutcome(MIXED, { ...DEFAULTS, quiet: true });
    expect(quiet.reports.map((r) => [r.displayPath, r.findings.map((f) => f.severity)])).toEqual([
      ["a.groovy", ["error"]],
      ["b.groovy", []],
    ]);
    expect(quiet.exitCode).toBe(1);
    // the decision is made before the filter: hidden warnings still count
    expect(exitOf(WARNING_AND_INFORMATION, { quiet: true, maxWarnings: 0 })).toBe(1);
    expect(exitOf(WARNING_AND_INFORMATION, { quiet: true, failOn: "warning" })).toBe(1);
    expect(decideOutcome(WARNING_AND_INFORMATION, { ...DEFAULTS, quiet: true }).reports.flatMap((r) => r.findings)).toEqual([]);
  });

  it("leaves the reports as they are without --quiet", () => {
    expect(decideOutcome(MIXED, DEFAULTS).reports).toBe(MIXED);
  });
});
