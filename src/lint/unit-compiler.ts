import { isJsonObject, type JsonObject } from "../protocol/json-rpc.js";
import { EngineRequestError, type GroovyEngine } from "../engine/groovy-engine.js";
import { fromDiagnostics, type DiagnosticsOpResult } from "./diagnostics-fallback.js";
import type { EngineFileResult } from "./engine-result.js";

export interface UnitSource {
  readonly uri: string;
  readonly text: string;
}

/**
 * Compiles one unit in one engine: opens its buffers, asks for the whole unit's findings, and closes them again, so
 * an engine never holds more than one unit. Results come back in the order of `sources`.
 */
export class UnitCompiler {
  /** Whether the engine has the `lint` op; learnt from the first unit. */
  private lintOp: boolean | undefined;

  constructor(private readonly engine: GroovyEngine) {}

  get usesLintOp(): boolean | undefined {
    return this.lintOp;
  }

  async lintUnit(sources: readonly UnitSource[]): Promise<EngineFileResult[]> {
    try {
      for (const s of sources) await this.engine.openBuffer(s.uri, s.text);
      return await this.ask(sources);
    } finally {
      for (const s of sources) {
        if (this.engine.isOpen(s.uri)) await this.engine.closeBuffer(s.uri).catch(() => false);
      }
    }
  }

  private async ask(sources: readonly UnitSource[]): Promise<EngineFileResult[]> {
    if (this.lintOp !== false) {
      try {
        const result = await this.engine.request("lint", { uris: sources.map((s) => s.uri) });
        this.lintOp = true;
        return parseLintResult(result, sources);
      } catch (error) {
        if (!(error instanceof EngineRequestError) || !/unknown op/.test(error.message) || this.lintOp === true) throw error;
        this.lintOp = false;
      }
    }
    const out: EngineFileResult[] = [];
    for (const s of sources) {
      const result = await this.engine.request("diagnostics", { uri: s.uri });
      out.push(fromDiagnostics(result as unknown as DiagnosticsOpResult));
    }
    return out;
  }
}

function parseLintResult(result: JsonObject, sources: readonly UnitSource[]): EngineFileResult[] {
  const files = result["files"];
  const byUri = new Map<string, EngineFileResult>();
  if (Array.isArray(files)) {
    for (const f of files) {
      if (!isJsonObject(f) || typeof f["uri"] !== "string") continue;
      byUri.set(f["uri"], {
        uri: f["uri"],
        diagnostics: (Array.isArray(f["diagnostics"]) ? f["diagnostics"] : []) as unknown as EngineFileResult["diagnostics"],
        findings: (Array.isArray(f["findings"]) ? f["findings"] : []) as unknown as EngineFileResult["findings"],
        unusedImports: (Array.isArray(f["unusedImports"]) ? f["unusedImports"] : []) as unknown as EngineFileResult["unusedImports"],
      });
    }
  }
  return sources.map((s) => byUri.get(s.uri) ?? { uri: s.uri, diagnostics: [], findings: [], unusedImports: [] });
}
