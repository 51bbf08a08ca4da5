import { EngineArgumentError, EngineStateError, type EngineService, type JsonObject } from "../engine/core/index.js";
import type { DiagnosticsResult, LintResult, SourceFile, SourceReader } from "../workspace/index.js";
import type { Workspace } from "../workspace/index.js";
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
 * The workspace stands on the server's containment layer (src/containment) over the engine itself (`compiler`). A
 * file that layer kept out of the compiler (nested past the depth limit) is open in the workspace but not in the
 * engine: it is not compiled at all, and its answer is the layer's own `parsing failed` diagnostic, reported as a
 * syntax error like any file that does not parse. The rest of the unit compiles without it, as it would without a
 * file that fails to parse.
 */
export class UnitCompiler {
  private lintOp: boolean | undefined;

  constructor(
    private readonly workspace: Workspace,
    /** The engine under the workspace's containment layer: what it holds is what the compiler sees. */
    private readonly compiler: EngineService,
    private readonly reader: UnitReader,
    /** A Jenkins controller's export, for the engine's Declarative checks that need installed plugins. */
    private readonly jenkinsCatalog?: JenkinsCatalog,
  ) {}

  /** Whether the engine has the `lint` op (undefined until the first unit). */
  get usesLintOp(): boolean | undefined {
    return this.lintOp;
  }

  async lintUnit(sources: readonly UnitSource[]): Promise<EngineFileResult[]> {
    this.reader.serve(sources);
    try {
      for (const s of sources) await this.workspace.open(s.uri, s.text);
      const keptOut = new Set(sources.filter((s) => !this.compiler.isOpen(s.uri)).map((s) => s.uri));
      const compiled = keptOut.size === 0 ? sources : sources.filter((s) => !keptOut.has(s.uri));
      const answers = new Map<string, EngineFileResult>();
      for (const s of sources) if (keptOut.has(s.uri)) answers.set(s.uri, await this.keptOutAnswer(s.uri));
      if (compiled.length > 0) for (const r of await this.ask(compiled)) answers.set(r.uri, r);
      return sources.map((s) => answers.get(s.uri)!);
    } finally {
      this.reader.serve([]);
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
        // Straight to the engine: the workspace's op table has no `kinds` argument for lint yet.
        const kinds: JsonObject = {};
        for (const s of sources) if (s.kind !== undefined) kinds[s.uri] = s.kind;
        for (const s of sources) if (!this.compiler.isOpen(s.uri)) throw new EngineStateError("a buffer of the unit is not open");
        const request: JsonObject = { uris: sources.map((s) => s.uri), kinds };
        if (this.jenkinsCatalog !== undefined) request["jenkinsCatalog"] = { ...this.jenkinsCatalog } as JsonObject;
        const result = (await this.compiler.request("lint", request)) as unknown as LintResult;
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

/**
 * The workspace's source reader for lint: it serves exactly the texts of the unit being compiled (read once by the
 * linter), so a `file:` URI names an open buffer with the same text, which the engine keeps without recompiling.
 */
export class UnitReader implements SourceReader {
  private texts = new Map<string, string>();

  serve(sources: readonly UnitSource[]): void {
    this.texts = new Map(sources.map((s) => [s.uri, s.text]));
  }

  readPath(path: string): Promise<SourceFile> {
    return Promise.reject(new EngineArgumentError(`lint reads no paths through the workspace (${path.length} characters given)`));
  }

  readFileUri(uri: string): Promise<SourceFile> {
    const text = this.texts.get(uri);
    if (text === undefined) return Promise.reject(new EngineStateError("not a file of the unit being linted"));
    return Promise.resolve({ uri, text });
  }

  canonicalFileUri(uri: string): Promise<string | undefined> {
    return Promise.resolve(this.texts.has(uri) ? uri : undefined);
  }
}
