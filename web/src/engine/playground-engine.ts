import { RecoveringEngine } from "../../../src/engine/core/recovering-engine.js";
import type { JsonObject } from "../../../src/json/json.js";
import type {
  CompleteResult,
  DefinitionResult,
  DescribeResult,
  DiagnosticsResult,
  EditsResult,
  InfoResult,
  Position,
  ReferencesResult,
  RenameResult,
  SignaturesResult,
  SymbolsResult,
  TokensResult,
} from "../../../src/workspace/results.js";
import { webWorkerSpawn } from "./worker-spawn.js";

/** The same bound as the MCP server's default call time limit: a compile that runs longer ends its worker. */
export const CALL_TIMEOUT_MS = 20_000;

export type EngineState = { readonly kind: "loading" } | { readonly kind: "ready"; readonly loadMs: number } | { readonly kind: "restarting"; readonly why: string } | { readonly kind: "failed"; readonly message: string };

/**
 * The page's view of the engine: the buffers of the tabs kept in sync (a buffer is re-sent only when its text
 * changed) and each operation returning its typed result. Calls run one at a time in order, so a query sent after a
 * sync always sees the synced text.
 */
export class PlaygroundEngine {
  private readonly engine: RecoveringEngine;
  private readonly sent = new Map<string, string>();

  constructor(engineBase: URL, onState: (state: EngineState) => void, callTimeoutMs = CALL_TIMEOUT_MS) {
    this.engine = new RecoveringEngine({
      spawn: webWorkerSpawn({
        createWorker: () => new Worker(new URL("./worker-entry.ts", import.meta.url), { type: "module", name: "groovy-engine" }),
        engineBase,
        onLoaded: (loadMs) => onState({ kind: "ready", loadMs }),
      }),
      callTimeoutMs,
      log: (line) => {
        if (line.includes("restarting")) onState({ kind: "restarting", why: line });
      },
    });
    onState({ kind: "loading" });
    this.engine.ready().catch((error: unknown) => onState({ kind: "failed", message: error instanceof Error ? error.message : String(error) }));
  }

  /** Opens or replaces the buffer when its text differs from what the engine has. */
  async sync(uri: string, text: string): Promise<void> {
    if (this.sent.get(uri) === text) return;
    this.sent.set(uri, text);
    try {
      await this.engine.open(uri, text);
    } catch (error) {
      this.sent.delete(uri);
      throw error;
    }
  }

  async close(uri: string): Promise<void> {
    this.sent.delete(uri);
    if (this.engine.isOpen(uri)) await this.engine.close(uri);
  }

  private run<T>(op: string, params: JsonObject): Promise<T> {
    return this.engine.request(op, params) as Promise<unknown> as Promise<T>;
  }

  private at(uri: string, position: Position): JsonObject {
    return { uri, line: position.line, character: position.character };
  }

  diagnostics(uri: string): Promise<DiagnosticsResult> {
    return this.run("diagnostics", { uri });
  }
  describe(uri: string, position: Position): Promise<DescribeResult> {
    return this.run("describe", this.at(uri, position));
  }
  definition(uri: string, position: Position): Promise<DefinitionResult> {
    return this.run("definition", this.at(uri, position));
  }
  references(uri: string, position: Position): Promise<ReferencesResult> {
    return this.run("references", this.at(uri, position));
  }
  symbols(uri: string): Promise<SymbolsResult> {
    return this.run("symbols", { uri });
  }
  complete(uri: string, position: Position): Promise<CompleteResult> {
    return this.run("complete", this.at(uri, position));
  }
  signatures(uri: string, position: Position): Promise<SignaturesResult> {
    return this.run("signatures", this.at(uri, position));
  }
  tokens(uri: string): Promise<TokensResult> {
    return this.run("tokens", { uri });
  }
  /** The next page of a long buffer's tokens. */
  tokensFrom(uri: string, startLine: number): Promise<TokensResult> {
    return this.run("tokens", { uri, startLine });
  }
  format(uri: string, tabSize: number): Promise<EditsResult> {
    return this.run("format", { uri, tabSize, insertSpaces: true });
  }
  organizeImports(uri: string): Promise<EditsResult> {
    return this.run("organizeImports", { uri });
  }
  rename(uri: string, position: Position, newName: string): Promise<RenameResult> {
    return this.run("rename", { ...this.at(uri, position), newName });
  }
  info(): Promise<InfoResult> {
    return this.run("info", {});
  }
}
