import { neutralise } from "./neutralise.js";
import type { ReportInput } from "./summary.js";

/**
 * Workflow-command escaping: `%`, CR and LF in the message (the runner turns them back into text); also `:` and `,`
 * in property values. Every other control character is escaped visibly first (report/neutralise.ts): the runner
 * would pass ESC and OSC sequences to the log viewer.
 */
export function escapeData(s: string): string {
  return neutralise(s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A"));
}

export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

const COMMAND = { error: "error", warning: "warning", information: "notice" } as const;

/** GitHub Actions workflow commands: each finding becomes an annotation on the pull request. */
export function formatGithub(input: ReportInput): string {
  let out = "";
  for (const r of input.reports) {
    for (const f of r.findings) {
      const props = [
        `file=${escapeProperty(r.displayPath)}`,
        `line=${f.range.start.line + 1}`,
        `col=${f.range.start.character + 1}`,
        `endLine=${f.range.end.line + 1}`,
        `endColumn=${f.range.end.character + 1}`,
        `title=${escapeProperty(f.rule)}`,
      ].join(",");
      out += `::${COMMAND[f.severity]} ${props}::${escapeData(f.message)}\n`;
    }
  }
  return out;
}
