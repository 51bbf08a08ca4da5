import { DEFAULT_LIMITS } from "../../../src/limits/limits.js";
import { webWorkerSpawn } from "../../../src/workspace/browser.js";
import {
  createWorkspace, type AstResult, type CompleteResult, type DefinitionResult, type DescribeResult, type DiagnosticsResult,
  type EditsResult, type EngineWorkspace, type InfoResult, type Position, type ReferencesResult, type RenameResult,
  type SignaturesResult, type SymbolsResult, type TokensResult,
} from "../../../src/workspace/index.js";
import { takeEngineWorker } from "./engine-worker.js";

export type EngineState =
  | { readonly kind: "loading" }
  | { readonly kind: "ready"; readonly loadMs: number }
  | { readonly kind: "restarting" }
  | { readonly kind: "failed"; readonly message: string };

/**
 * The page's engine: createWorkspace's "page" profile over Web Workers (one worker per engine instance; the watchdog
 * terminates a worker whose call runs past the limit and a fresh one re-opens the buffers), so every answer comes
 * from the same stack, operations, argument checks and limits as the MCP tools.
 *
 * The tabs' buffers are kept in sync lazily: a buffer is re-sent only when its text changed. A buffer whose compile
 * ran past the limit is kept out by containment until its text changes, so one slow tab does not make every later
 * call run away too.
 */
export class PlaygroundEngine {
  private readonly workspace: EngineWorkspace;
  private readonly sent = new Map<string, string>();

  constructor(onState: (state: EngineState) => void, callTimeoutMs = DEFAULT_LIMITS.callTimeoutMs) {
    const spawn = webWorkerSpawn(takeEngineWorker, {
      // Java's own output (never the user's code) goes to the developer console only
      log: (line) => console.debug(line),
      started: (loadMs) => onState({ kind: "ready", loadMs }),
    });
    this.workspace = createWorkspace({
      profile: "page",
      spawn,
      limits: { ...DEFAULT_LIMITS, callTimeoutMs },
      log: (line) => {
        if (line.includes("restarting")) onState({ kind: "restarting" });
      },
    });
    onState({ kind: "loading" });
    this.workspace.start();
    this.workspace.ready().catch((error: unknown) => onState({ kind: "failed", message: error instanceof Error ? error.message : String(error) }));
  }

  /** The most buffers (tabs) and the longest source the engine takes, as in the MCP server. */
  static readonly limits = { maxOpenBuffers: DEFAULT_LIMITS.maxOpenBuffers, maxSourceChars: DEFAULT_LIMITS.maxSourceChars };

  /**
   * Opens or replaces the buffer when its text differs from what the engine has. False when the buffer is held
   * back because its last compile ran past the limit and its text has not changed since.
   */
  async sync(uri: string, text: string): Promise<boolean> {
    const same = this.sent.get(uri) === text;
    if (same && this.isStalled(uri)) return false;
    if (same && this.workspace.isOpen(uri)) return true;
    this.sent.set(uri, text);
    try {
      await this.workspace.open(uri, text);
    } catch (error) {
      this.sent.delete(uri);
      throw error;
    }
    return true;
  }

  /** Whether the tab's last compile ran past the time limit (containment keeps it out until its text changes). */
  isStalled(uri: string): boolean {
    return this.workspace.keptOut(uri)?.reason === "timed-out";
  }

  /**
   * Whether containment holds this tab's buffer back from the compiler for what it is: nested past the depth limit,
   * or it ran the worker out of stack (its diagnostics are then the one "parsing failed" error), or a crash on it
   * set it aside (its calls then answer why). It is compiled again once its text changes.
   */
  isKeptOut(uri: string): boolean {
    const kept = this.workspace.keptOut(uri);
    return kept !== undefined && kept.reason !== "timed-out";
  }

  async close(uri: string): Promise<void> {
    this.sent.delete(uri);
    await this.workspace.close(uri);
  }

  diagnostics(uri: string): Promise<DiagnosticsResult> {
    return this.workspace.run("diagnostics", { uri });
  }
  describe(uri: string, at: Position): Promise<DescribeResult> {
    return this.workspace.run("describe", { uri, ...at });
  }
  definition(uri: string, at: Position): Promise<DefinitionResult> {
    return this.workspace.run("definition", { uri, ...at });
  }
  references(uri: string, at: Position): Promise<ReferencesResult> {
    return this.workspace.run("references", { uri, ...at });
  }
  symbols(uri: string): Promise<SymbolsResult> {
    return this.workspace.run("symbols", { uri });
  }
  complete(uri: string, at: Position): Promise<CompleteResult> {
    return this.workspace.run("complete", { uri, ...at });
  }
  signatures(uri: string, at: Position): Promise<SignaturesResult> {
    return this.workspace.run("signatures", { uri, ...at });
  }
  /** One page of tokens from `startLine` (a long buffer comes in pages of whole lines). */
  tokens(uri: string, startLine = 0): Promise<TokensResult> {
    return this.workspace.run("tokens", { uri, startLine });
  }
  format(uri: string, tabSize: number): Promise<EditsResult> {
    return this.workspace.run("format", { uri, tabSize, insertSpaces: true });
  }
  organizeImports(uri: string): Promise<EditsResult> {
    return this.workspace.run("organizeImports", { uri });
  }
  rename(uri: string, at: Position, newName: string): Promise<RenameResult> {
    return this.workspace.run("rename", { uri, ...at, newName });
  }
  /** The buffer's syntax tree after the last phase its compile reached (the compiler view). */
  ast(uri: string): Promise<AstResult> {
    return this.workspace.run("ast", { uri });
  }
  info(): Promise<InfoResult> {
    return this.workspace.run("info", {});
  }
}
