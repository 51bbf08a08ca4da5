import { EngineArgumentError, EngineStateError } from "../engine/core/errors.js";
import type { DiagnosticsResult, EngineWorkspace, LintFileKind, LintResult } from "../workspace/index.js";
import type { JenkinsCatalog } from "./jenkins-catalog.js";
import { fromDiagnostics } from "./diagnostics-fallback.js";
import type { EngineDiagnostic, EngineFileResult } from "./engine-result.js";

export interface UnitSource {
  readonly uri: string;
  readonly text: string;
  /** The host's file-kind decision, passed to the AST rules (`jenkins` turns on the CPS rules). */
  readonly kind?: "class" | "script" | "jenkins" | "gradle";
}

/**
 * Compiles one unit in one workspace: opens its buffers, asks for the whole unit's findings, and closes them again,
 * so an engine never holds more than one unit. Results come back in the order of `sources`.
 *
 * The engine's `lint` op answers for the whole unit in one call. An engine build without it answers `unknown op`;
 * then (learnt once per engine) each buffer's `diagnostics` op is asked instead, which gives the compiler rules
 * and unused imports but no AST rules.
 *
 * The workspace (createWorkspace's "lint" profile) stands on the server's containment layer. A file that layer keeps
 * out of the compiler (nested past the depth limit) is open but never compiled, and its answer is the layer's own
 * `parsing failed` diagnostic, reported as a syntax error like any file that does not parse. The rest of the unit
 * compiles without it, as it would without a file that fails to parse. Each file's buffer holds the text lint read
 * once: the profile's workspace never re-reads an open file: buffer.
 */
export class UnitCompiler {
  private lintOp: boolean | undefined;

  constructor(
    private readonly workspace: EngineWorkspace,
    /** A Jenkins controller's export, for the engine's Declarative checks that need installed plugins. */
    private readonly jenkinsCatalog?: JenkinsCatalog,
  ) {}

  /** Whether the engine has the `lint` op (undefined until the first unit). */
  get usesLintOp(): boolean | undefined {
    return this.lintOp;
  }

  async lintUnit(sources: readonly UnitSource[]): Promise<EngineFileResult[]> {
    try {
      for (const s of sources) await this.workspace.open(s.uri, s.text);
      const keptOut = new Set(sources.filter((s) => this.workspace.keptOut(s.uri) !== undefined).map((s) => s.uri));
      const compiled = keptOut.size === 0 ? sources : sources.filter((s) => !keptOut.has(s.uri));
      const answers = new Map<string, EngineFileResult>();
      for (const s of sources) if (keptOut.has(s.uri)) answers.set(s.uri, await this.keptOutAnswer(s.uri));
      if (compiled.length > 0) for (const r of await this.ask(compiled)) answers.set(r.uri, r);
      return sources.map((s) => answers.get(s.uri)!);
    } finally {
      for (const s of sources) {
        if (this.workspace.isOpen(s.uri)) await this.workspace.close(s.uri).catch(() => false);
      }
    }
  }

  /** The containment layer's answer for a file it did not compile: its diagnostics, each a syntax error. */
  private async keptOutAnswer(uri: string): Promise<EngineFileResult> {
    const result: DiagnosticsResult = await this.workspace.run("diagnostics", { uri });
    return {
      uri,
      diagnostics: result.diagnostics.map((d) => ({ range: d.range, severity: d.severity, message: d.message, category: "syntax" })),
      findings: [],
      unusedImports: [],
    };
  }

  private async ask(sources: readonly UnitSource[]): Promise<EngineFileResult[]> {
    if (this.lintOp !== false) {
      try {
        const kinds: Record<string, LintFileKind> = {};
        for (const s of sources) if (s.kind !== undefined) kinds[s.uri] = s.kind;
        const result: LintResult = await this.workspace.run("lint", {
          uris: sources.map((s) => s.uri),
          kinds,
          ...(this.jenkinsCatalog === undefined ? {} : { jenkinsCatalog: this.jenkinsCatalog }),
        });
        this.lintOp = true;
        return fromLintResult(result, sources);
      } catch (error) {
        const unknownOp = (error instanceof EngineArgumentError || error instanceof EngineStateError) && /unknown op/.test(error.message);
        if (!unknownOp || this.lintOp === true) throw error;
        this.lintOp = false;
      }
    }
    const out: EngineFileResult[] = [];
    for (const s of sources) {
      const result: DiagnosticsResult = await this.workspace.run("diagnostics", { uri: s.uri });
      out.push(fromDiagnostics(result));
    }
    return out;
  }
}

function fromLintResult(result: LintResult, sources: readonly UnitSource[]): EngineFileResult[] {
  const byUri = new Map<string, EngineFileResult>();
  for (const f of Array.isArray(result.files) ? result.files : []) {
    byUri.set(f.uri, {
      uri: f.uri,
      diagnostics: (f.diagnostics ?? []).map((d): EngineDiagnostic => {
        const base = { range: d.range, severity: d.severity, message: d.message, category: d.category };
        return d.unresolved === undefined ? base : { ...base, unresolved: { name: d.unresolved.name, import: d.unresolved.import ?? null, packageKnown: d.unresolved.packageKnown === true } };
      }),
      findings: f.findings ?? [],
      unusedImports: f.unusedImports ?? [],
    });
  }
  return sources.map((s) => byUri.get(s.uri) ?? { uri: s.uri, diagnostics: [], findings: [], unusedImports: [] });
}
