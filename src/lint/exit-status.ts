import type { FailOn } from "./command.js";
import type { FileReport } from "./findings.js";
import { summarize } from "./report/summary.js";
import { severityRank } from "./rules.js";

/** The options that decide lint's exit status and which findings the report shows. */
export interface ExitPolicy {
  readonly failOn: FailOn;
  readonly maxWarnings: number | undefined;
  readonly quiet: boolean;
}

/** What a run ends with: its exit status (before usage and I/O errors, which are 2) and the reports to show. */
export interface LintOutcome {
  readonly exitCode: 0 | 1;
  readonly reports: readonly FileReport[];
}

/**
 * The decision is made on every finding, before `--quiet` hides warnings and information, so `--quiet` changes what
 * is printed and never whether the run fails (`--quiet --max-warnings 0` still fails on a warning).
 */
export function decideOutcome(reports: readonly FileReport[], policy: ExitPolicy): LintOutcome {
  const failing = overWarningLimit(reports, policy.maxWarnings) || reachesFailOn(reports, policy.failOn);
  const shown = policy.quiet ? reports.map((r) => ({ ...r, findings: r.findings.filter((f) => f.severity === "error") })) : reports;
  return { exitCode: failing ? 1 : 0, reports: shown };
}

function overWarningLimit(reports: readonly FileReport[], maxWarnings: number | undefined): boolean {
  return maxWarnings !== undefined && summarize(reports).warnings > maxWarnings;
}

function reachesFailOn(reports: readonly FileReport[], failOn: FailOn): boolean {
  if (failOn === "none") return false;
  const threshold = severityRank(failOn);
  return reports.some((r) => r.findings.some((f) => severityRank(f.severity) >= threshold));
}
