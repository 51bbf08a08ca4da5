import type { Severity } from "../rules.js";
import { neutralise, neutraliseLineStart } from "./neutralise.js";
import type { ReportInput } from "./summary.js";

const COLORS: Record<Severity | "dim" | "bold", [string, string]> = {
  error: ["\u001b[31m", "\u001b[39m"],
  warning: ["\u001b[33m", "\u001b[39m"],
  information: ["\u001b[36m", "\u001b[39m"],
  dim: ["\u001b[2m", "\u001b[22m"],
  bold: ["\u001b[1m", "\u001b[22m"],
};

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/**
 * `path:line:col  severity  message  rule`, one line per finding, files separated by a blank line, then one summary
 * line. Lines and columns are 1-based; the column counts UTF-16 units, as editors do.
 */
export function formatText(input: ReportInput): string {
  const paint = (style: keyof typeof COLORS, s: string): string => (input.color ? `${COLORS[style][0]}${s}${COLORS[style][1]}` : s);
  const blocks: string[] = [];
  for (const r of input.reports) {
    if (r.findings.length === 0) continue;
    const lines = r.findings.map((f) => {
      const where = `${neutraliseLineStart(r.displayPath)}:${f.range.start.line + 1}:${f.range.start.character + 1}`;
      // compiler messages wrap with newlines: those join the line; any other control character is escaped
      const message = neutralise(f.message.replace(/\s*[\r\n]+\s*/g, " "));
      return `${input.color ? paint("bold", where) : where}  ${paint(f.severity, f.severity)}  ${message}  ${paint("dim", neutralise(f.rule))}`;
    });
    blocks.push(lines.join("\n"));
  }
  const s = input.summary;
  const seconds = (input.elapsedMs / 1000).toFixed(2);
  const suppressed = s.suppressed > 0 ? `, ${s.suppressed} suppressed` : "";
  const summary = `${plural(s.files, "file")}, ${plural(s.errors, "error")}, ${plural(s.warnings, "warning")}, ${s.information} information${suppressed} in ${seconds}s`;
  return (blocks.length > 0 ? `${blocks.join("\n\n")}\n\n` : "") + summary + "\n";
}
