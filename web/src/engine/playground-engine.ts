import {
  connectToWorker, EngineTimeoutError, webWorkerHost, type EngineConnection,
} from "../../../src/engine/core/index.js";
import { RecoveringEngine } from "../../../src/engine/service/index.js";
import { ContainedEngine } from "../../../src/engine/service/contained-engine.js";
import { DEFAULT_LIMITS } from "../../../src/limits/limits.js";
import { takeEngineWorker } from "./engine-worker.js";
import {
  Workspace, type AstResult, type CompleteResult, type DefinitionResult, type DescribeResult, type DiagnosticsResult, type EditsResult,
  type InfoResult, type Position, type ReferencesResult, type RenameResult, type SignaturesResult, type SymbolsResult,
  type TokensResult,
} from "../../../src/workspace/index.js";

export type EngineState =
  | { readonly kind: "loading" }
  | { readonly kind: "ready"; readonly loadMs: number }
  | { readonly kind: "restarting" }
  | { readonly kind: "failed"; readonly message: string };

/**
 * The page's engine: the core's recovering engine over Web Workers (one worker per engine instance; the watchdog
 * terminates a worker whose call runs past the limit and a fresh one re-opens the buffers), and the core's
 * Workspace, so every answer comes from the same operations, argument checks and limits as the MCP tools.
 *
 * The tabs' buffers are kept in sync lazily: a buffer is re-sent only when its text changed. A buffer the
 * watchdog dropped (its compile ran away) is held back until its text changes, so one slow tab does not make every
 * later call run away too.
 */
export class PlaygroundEngine {
  private readonly engine: RecoveringEngine;
  private readonly workspace: Workspace;
  private readonly sent = new Map<string, string>();
  private readonly stalled = new Map<string, string>();

  constructor(onState: (state: EngineState) => void, callTimeoutMs = DEFAULT_LIMITS.callTimeoutMs) {
    const spawn = async (signal?: AbortSignal): Promise<EngineConnection> => {
      const started = performance.now();
      const worker = takeEngineWorker();
      const connection = await connectToWorker(webWorkerHost(worker), {
        // Java's own output (never the user's code) goes to the developer console only
        log: (line) => console.debug(line),
        signal,
      });
      onState({ kind: "ready", loadMs: performance.now() - started });
      return connection;
    };
    this.engine = new RecoveringEngine({
      spawn,
      callTimeoutMs,
      log: (line) => {
        if (line.includes("restarting")) onState({ kind: "restarting" });
      },
    });
    this.workspace = new Workspace({
      // the server's depth containment: a buffer nested past maxNestingDepth is never compiled; its diagnostics are
      // one "parsing failed" error at the first bracket past the limit, and a stack overflow below the limit (the
      // browser's worker stack is far smaller than the server's 16 MiB) answers the same error instead of a crash loop
      engine: new ContainedEngine(this.engine, {
        maxNestingDepth: DEFAULT_LIMITS.maxNestingDepth,
        // the page's own remedies, not the MCP tools'
        words: { limitOwner: "the playground", diagnosticsHint: "Problems shows it", replaceHint: "edit it", closeHint: "close its tab" },
      }),
      maxOpenBuffers: DEFAULT_LIMITS.maxOpenBuffers,
      maxSourceChars: DEFAULT_LIMITS.maxSourceChars,
      noReaderMessage: "the playground has no files; type or paste the source",
      closeHint: "close a tab first",
    });
    onState({ kind: "loading" });
    this.engine.start();
    this.engine.ready().catch((error: unknown) => onState({ kind: "failed", message: error instanceof Error ? error.message : String(error) }));
  }

  /** The most buffers (tabs) and the longest source the engine takes, as in the MCP server. */
  static readonly limits = { maxOpenBuffers: DEFAULT_LIMITS.maxOpenBuffers, maxSourceChars: DEFAULT_LIMITS.maxSourceChars };

  /**
   * Opens or replaces the buffer when its text differs from what the engine has. False when the buffer is held
   * back because its last compile ran past the limit and its text has not changed since.
   */
  async sync(uri: string, text: string): Promise<boolean> {
    if (this.stalled.get(uri) === text) return false;
    this.stalled.delete(uri);
    if (this.sent.get(uri) === text && this.workspace.isOpen(uri)) return true;
    this.sent.set(uri, text);
    try {
      await this.workspace.open(uri, text);
    } catch (error) {
      this.sent.delete(uri);
      throw error;
    }
    return true;
  }

  isStalled(uri: string): boolean {
    return this.stalled.has(uri);
  }

  /**
   * Whether the containment layer holds this tab's buffer back from the compiler: nested past the depth limit, or
   * it ran the worker out of stack (its diagnostics are then the one "parsing failed" error), or a crash on it set
   * it aside (its calls then answer why). It is compiled again once its text changes.
   */
  isKeptOut(uri: string): boolean {
    return this.workspace.isOpen(uri) && !this.engine.isOpen(uri) && !this.stalled.has(uri);
  }

  async close(uri: string): Promise<void> {
    this.sent.delete(uri);
    this.stalled.delete(uri);
    await this.workspace.close(uri);
  }

  private async run<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof EngineTimeoutError) {
        for (const [uri, text] of this.sent) {
          if (this.engine.isOpen(uri)) continue;
          this.stalled.set(uri, text);
          this.sent.delete(uri);
        }
      }
      throw error;
    }
  }

  diagnostics(uri: string): Promise<DiagnosticsResult> {
    return this.run(() => this.workspace.run("diagnostics", { uri }));
  }
  describe(uri: string, at: Position): Promise<DescribeResult> {
    return this.run(() => this.workspace.run("describe", { uri, ...at }));
  }
  definition(uri: string, at: Position): Promise<DefinitionResult> {
    return this.run(() => this.workspace.run("definition", { uri, ...at }));
  }
  references(uri: string, at: Position): Promise<ReferencesResult> {
    return this.run(() => this.workspace.run("references", { uri, ...at }));
  }
  symbols(uri: string): Promise<SymbolsResult> {
    return this.run(() => this.workspace.run("symbols", { uri }));
  }
  complete(uri: string, at: Position): Promise<CompleteResult> {
    return this.run(() => this.workspace.run("complete", { uri, ...at }));
  }
  signatures(uri: string, at: Position): Promise<SignaturesResult> {
    return this.run(() => this.workspace.run("signatures", { uri, ...at }));
  }
  /** One page of tokens from `startLine` (a long buffer comes in pages of whole lines). */
  tokens(uri: string, startLine = 0): Promise<TokensResult> {
    return this.run(() => this.workspace.run("tokens", { uri, startLine }));
  }
  format(uri: string, tabSize: number): Promise<EditsResult> {
    return this.run(() => this.workspace.run("format", { uri, tabSize, insertSpaces: true }));
  }
  organizeImports(uri: string): Promise<EditsResult> {
    return this.run(() => this.workspace.run("organizeImports", { uri }));
  }
  rename(uri: string, at: Position, newName: string): Promise<RenameResult> {
    return this.run(() => this.workspace.run("rename", { uri, ...at, newName }));
  }
  /** The buffer's syntax tree after the last phase its compile reached (the compiler view). */
  ast(uri: string): Promise<AstResult> {
    return this.run(() => this.workspace.run("ast", { uri }));
  }
  info(): Promise<InfoResult> {
    return this.run(() => this.workspace.run("info", {}));
  }
}
