import { ruleDocumentation } from "../explain.js";
import { RULE_IDS, RULES, TOOL_INFORMATION_URI, type Severity } from "../rules.js";
import type { ReportInput } from "./summary.js";

const LEVEL: Record<Severity, "error" | "warning" | "note"> = { error: "error", warning: "warning", information: "note" };

/** Percent-encodes a relative path for a SARIF artifact URI, keeping `/`. */
function relativeUri(path: string): string {
  return path
    .split("/")
    .map((segment) => encodeURIComponent(segment))
    .join("/");
}

/**
 * SARIF 2.1.0 for GitHub code scanning: one run, every rule in the driver (with shortDescription, help from the
 * shipped docs and defaultConfiguration.level), results with level, one physical location relative to the working directory (run
 * from the repository root) and a partial fingerprint. No timestamps, so the same input gives the same bytes.
 */
export function formatSarif(input: ReportInput): string {
  const ruleIndex = new Map(RULE_IDS.map((id, i) => [id, i]));
  const rules = RULE_IDS.map((id) => {
    const def = RULES.get(id)!;
    return {
      id,
      name: id.replace(/^[a-z]+\//, "").replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase()).replace(/^[a-z]/, (c) => c.toUpperCase()),
      shortDescription: { text: def.rationale },
      fullDescription: { text: `${def.rationale} Default severity: ${def.severity}.${def.jenkinsOnly === true ? " Reported in Jenkins pipelines and shared-library vars/ only." : ""}` },
      // no helpUri: the rule's documentation travels in the log itself, from the docs shipped in the package
      help: { text: ruleDocumentation(id) ?? def.rationale, markdown: ruleDocumentation(id) ?? def.rationale },
      defaultConfiguration: def.offByDefault === true ? { enabled: false, level: LEVEL[def.severity] } : { level: LEVEL[def.severity] },
      properties: { tags: def.origin === "compiler" ? ["compiler"] : def.jenkinsOnly === true ? ["jenkins"] : ["ast"] },
    };
  });
  const results = [];
  for (const r of input.reports) {
    for (const f of r.findings) {
      results.push({
        ruleId: f.rule,
        ruleIndex: ruleIndex.get(f.rule) ?? -1,
        level: LEVEL[f.severity],
        message: { text: f.message.length > 0 ? f.message : f.rule },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: relativeUri(r.displayPath), uriBaseId: "%SRCROOT%" },
              region: {
                startLine: f.range.start.line + 1,
                startColumn: f.range.start.character + 1,
                endLine: f.range.end.line + 1,
                endColumn: Math.max(f.range.end.character + 1, f.range.end.line === f.range.start.line ? f.range.start.character + 1 : 1),
              },
            },
          },
        ],
        partialFingerprints: { "groovymcpFindingHash/v1": f.fingerprint },
      });
    }
  }
  const log = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "groovymcp",
            version: input.toolVersion,
            semanticVersion: input.toolVersion,
            informationUri: TOOL_INFORMATION_URI,
            rules,
          },
        },
        columnKind: "utf16CodeUnits",
        results,
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
