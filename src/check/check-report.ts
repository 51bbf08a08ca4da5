import type { CheckReport } from "./installation-probe.js";

const ms = (value: number | null): string => (value === null ? "-" : `${value} ms`);

/** The short human-readable report (stdout). */
export function formatReport(report: CheckReport): string {
  const lines = [report.healthy ? "groovymcp check: healthy" : `groovymcp check: FAILED (${report.failures.length} ${report.failures.length === 1 ? "problem" : "problems"})`];
  const row = (label: string, value: string): void => {
    lines.push(`  ${label.padEnd(14)}${value}`);
  };
  row("Node.js", report.nodeVersion);
  row("Groovy", report.groovyVersion ?? "-");
  row("engine load", ms(report.engineLoadMs));
  row("first compile", ms(report.firstCompileMs));
  row("sample", report.sampleErrorFound ? "its one known error was found" : "its known error was NOT found");
  if (report.classpath !== null) {
    const { entries, missing, notFiles } = report.classpath;
    const problems = [missing > 0 ? `${missing} missing` : "", notFiles > 0 ? `${notFiles} not jar files` : ""].filter((p) => p !== "");
    row("classpath", `${entries} ${entries === 1 ? "entry" : "entries"}${problems.length > 0 ? ` (${problems.join(", ")})` : ""}`);
  }
  if (report.root !== null) row("root", report.root.readableDirectory ? "an existing readable directory" : "NOT an existing readable directory");
  for (const failure of report.failures) lines.push(`  problem: ${failure}`);
  return `${lines.join("\n")}\n`;
}

export function formatJson(report: CheckReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
