import type { DiagnosticCategory, EngineDiagnostic, EngineFileResult } from "./engine-result.js";
import type { Range } from "./findings.js";

/**
 * The engine's `diagnostics` op answer for one buffer, as the `lint` op would give it. Used only with an engine
 * build that lacks `lint`: the category is then read from the compiler's message text here, whereas the `lint` op
 * decides it from the message's class inside the engine; the AST rules need the `lint` op and are absent.
 */
export interface DiagnosticsOpResult {
  readonly uri: string;
  readonly diagnostics: readonly { range: Range; severity: string; message: string; code?: string }[];
}

const UNRESOLVED = /^unable to resolve class ([A-Za-z_$][\w$.]*)/;
const DUPLICATE = /duplicate|already contains|already defined|already declared|Repetitive|is already (?:used|bound)/i;
const SYNTAX =
  /^(?:Unexpected (?:input|character|token)|unexpected (?:token|char)|Missing |Unclosed |Unterminated |expecting |Illegal |Invalid (?:escape|octal|hex|unicode)|No viable alternative|mismatched input|extraneous input|token recognition error|Unknown type|Modifier '[^']*' (?:not allowed|is duplicated)|.* not allowed here)/;

export function categoryOf(message: string, code: string | undefined): DiagnosticCategory {
  if (code === "type-check" || message.startsWith("[Static type checking]")) return "type-check";
  if (UNRESOLVED.test(message)) return "unresolved";
  if (DUPLICATE.test(message)) return "duplicate";
  if (SYNTAX.test(message)) return "syntax";
  return "compiler";
}

export function fromDiagnostics(op: DiagnosticsOpResult): EngineFileResult {
  const diagnostics: EngineDiagnostic[] = [];
  const unusedImports: { range: Range; message: string }[] = [];
  for (const d of op.diagnostics) {
    if (d.code === "unused-import") {
      unusedImports.push({ range: d.range, message: d.message });
      continue;
    }
    const severity = d.severity === "warning" ? "warning" : d.severity === "error" ? "error" : d.severity === "hint" ? "hint" : "information";
    const category = categoryOf(d.message, d.code);
    const m = UNRESOLVED.exec(d.message);
    const name = m?.[1];
    diagnostics.push(
      category === "unresolved" && name !== undefined
        ? { range: d.range, severity, message: d.message, category, unresolved: { name, import: name.includes(".") ? name : null, packageKnown: false } }
        : { range: d.range, severity, message: d.message, category },
    );
  }
  return { uri: op.uri, diagnostics, findings: [], unusedImports };
}
