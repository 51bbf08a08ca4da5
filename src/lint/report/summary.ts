import type { FileReport } from "../findings.js";

export interface Summary {
  readonly files: number;
  readonly errors: number;
  readonly warnings: number;
  readonly information: number;
  readonly suppressed: number;
}

export function summarize(reports: readonly FileReport[]): Summary {
  let errors = 0;
  let warnings = 0;
  let information = 0;
  let suppressed = 0;
  for (const r of reports) {
    suppressed += r.suppressed;
    for (const f of r.findings) {
      if (f.severity === "error") errors++;
      else if (f.severity === "warning") warnings++;
      else information++;
    }
  }
  return { files: reports.length, errors, warnings, information, suppressed };
}

/** What every format writer gets. */
export interface ReportInput {
  readonly reports: readonly FileReport[];
  readonly summary: Summary;
  readonly toolVersion: string;
  /** Whether the engine ran the AST and Jenkins rules (an engine build without the `lint` op runs only the compiler rules). */
  readonly astRules: boolean;
  /** Wall time of the run; only the text format shows it, so JSON and SARIF stay byte-identical across runs. */
  readonly elapsedMs: number;
  readonly color: boolean;
}
