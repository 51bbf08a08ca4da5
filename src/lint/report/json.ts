import type { ReportInput } from "./summary.js";

/** Version of the JSON report's shape (schemas/lint-report.schema.json); bumped on any incompatible change. */
export const JSON_REPORT_VERSION = 1;

/**
 * The JSON report: every linted file sorted by path (also those with no findings), each finding with 1-based
 * positions. No timestamps or timings, so the same input gives the same bytes.
 */
export function formatJson(input: ReportInput): string {
  const report = {
    version: JSON_REPORT_VERSION,
    tool: { name: "groovymcp", version: input.toolVersion, astRules: input.astRules },
    summary: input.summary,
    files: input.reports.map((r) => ({
      path: r.displayPath,
      kind: r.kind,
      suppressed: r.suppressed,
      findings: r.findings.map((f) => ({
        rule: f.rule,
        severity: f.severity,
        message: f.message,
        line: f.range.start.line + 1,
        column: f.range.start.character + 1,
        endLine: f.range.end.line + 1,
        endColumn: f.range.end.character + 1,
        fingerprint: f.fingerprint,
      })),
    })),
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}
