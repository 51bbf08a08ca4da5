import type { SpawnEngine } from "../engine/core/engine-connection.js";
import type { JsonObject } from "../json/json.js";
import {
  ContainedEngine, RecoveringEngine, serverWarmUp, type ContainmentWords, type IdleWarmUp, type KeptOut,
} from "../engine/service/index.js";
import type { Limits } from "../limits/limits.js";
import type { SourceReader } from "./source.js";
import { SourceLookup } from "./source-lookup.js";
import { Workspace, type WorkspaceOptions } from "./workspace.js";

/** Which front end the workspace serves: it decides containment's words, the budget, the warm-up and file reads. */
export type WorkspaceProfile = "server" | "lint" | "check" | "page";

export interface CreateWorkspaceOptions {
  /** Starts one engine instance (a worker_threads Worker, a Web Worker, or in-thread). */
  readonly spawn: SpawnEngine;
  /** callTimeoutMs, maxOpenBuffers, maxSourceChars, maxNestingDepth and (server, check) maxTotalBufferChars are used. */
  readonly limits: Limits;
  readonly profile: WorkspaceProfile;
  /** Reads `path` and `file:` sources (the server's confined reader under --root); absent: such sources are refused. */
  readonly reader?: SourceReader;
  /** Operator log: engine restarts, set-aside buffers, the warm-up's lines (never source text). */
  readonly log?: (line: string) => void;
  /**
   * The server's idle warm-up (docs/architecture.md): the environment that may turn it off, and main-thread work
   * it runs in its slices. Ignored by the other profiles: lint and check have no idle time, a page no spare worker.
   */
  readonly warmUp?: { readonly env: Readonly<Record<string, string | undefined>>; readonly mainThreadSlice?: () => boolean };
}

interface Profile {
  readonly words?: ContainmentWords;
  /** The total buffer budget applies (the MCP server's clients may open many large buffers). */
  readonly budget: boolean;
  readonly noReaderMessage: string;
  readonly closeHint?: string;
  readonly openFiles?: WorkspaceOptions["openFiles"];
  readonly argumentCheck?: WorkspaceOptions["argumentCheck"];
  /** Classes a buffer's compile cannot resolve are looked up by name through the reader (the server under --root). */
  readonly sourceLookup?: boolean;
}

const SERVER_NO_READER = "the server was started without --root, so it cannot read files; pass the source as text instead";

const PROFILES: Readonly<Record<WorkspaceProfile, Profile>> = {
  // every call comes through a tool whose input schema (generated from the operation table) has checked it
  server: { budget: true, noReaderMessage: SERVER_NO_READER, closeHint: "close one with groovy_close first", argumentCheck: "schema", sourceLookup: true },
  // the server's own stack, so a healthy check means a healthy server
  check: { budget: true, noReaderMessage: SERVER_NO_READER, closeHint: "close one with groovy_close first" },
  // its messages reach the report (the depth error) and stderr (a unit that crashed), never a tool call; lint opens
  // each file's buffer with the text it read once, and its file: URIs name those buffers, never a re-read
  lint: {
    words: { limitOwner: "groovymcp lint", replaceHint: "fix the file", closeHint: "exclude it" },
    budget: false,
    noReaderMessage: "lint reads files itself and opens them as buffers",
    openFiles: "as-opened",
  },
  // the page's own remedies, not the MCP tools'
  page: {
    words: { limitOwner: "the playground", diagnosticsHint: "Problems shows it", replaceHint: "edit it", closeHint: "close its tab" },
    budget: false,
    noReaderMessage: "the playground has no files; type or paste the source",
    closeHint: "close a tab first",
  },
};

/**
 * A workspace on its own engine stack: what every front end drives, and the one place the stack is assembled.
 * Beyond the Workspace's operations it owns the stack's lifecycle, and says what containment keeps out.
 */
export class EngineWorkspace extends Workspace {
  constructor(
    options: WorkspaceOptions,
    private readonly engine: RecoveringEngine,
    private readonly contained: ContainedEngine,
    private readonly warmUp: IdleWarmUp | undefined,
  ) {
    super(options);
  }

  /** Starts the first engine instance (and the server's warm-up) in the background. */
  start(): void {
    this.engine.start();
    void this.warmUp?.start();
  }

  /** Resolves once an instance is up, or rejects with why none can run (EngineUnavailableError). */
  ready(): Promise<void> {
    return this.engine.ready();
  }

  /** Ends the warm-up for good (the first client call that may reach the engine does; it waits one slice at most). */
  stopWarmUp(): Promise<unknown> {
    return this.warmUp?.stop() ?? Promise.resolve();
  }

  /** What the running instance took of the host's settings (its buffer cap may be lower than asked); undefined: an engine build without `configure`. */
  acceptedSettings(): JsonObject | undefined {
    return this.engine.acceptedSettings();
  }

  /** The buffer containment keeps out of the compiler and why, or undefined when it compiles. */
  keptOut(uri: string): KeptOut | undefined {
    return this.contained.keptOut(uri);
  }

  /** For good: every later call fails with EngineUnavailableError and no instance is spawned again. */
  shutdown(): void {
    void this.warmUp?.stop();
    this.engine.shutdown();
  }
}

/**
 * Composes the engine stack for one front end, bottom up: the recovering engine over `spawn` (watchdog, restart,
 * the buffer map), the server's idle warm-up, containment (set-aside buffers, the depth scan, the budget), and the
 * Workspace (the operation table, sources, the buffer cap). The MCP server, lint, `check` and the playground each
 * make theirs with one call.
 */
export function createWorkspace(options: CreateWorkspaceOptions): EngineWorkspace {
  const { limits, log = () => undefined } = options;
  const profile = PROFILES[options.profile];
  const engine = new RecoveringEngine({
    spawn: options.spawn,
    callTimeoutMs: limits.callTimeoutMs,
    log,
    settings: { maxOpenBuffers: limits.maxOpenBuffers },
  });
  const warmUp =
    options.profile === "server" && options.warmUp !== undefined
      ? serverWarmUp(engine, options.warmUp.env, limits.callTimeoutMs, { mainThreadSlice: options.warmUp.mainThreadSlice, log })
      : undefined;
  const contained = new ContainedEngine(warmUp ?? engine, {
    maxTotalChars: profile.budget ? limits.maxTotalBufferChars : 0,
    maxNestingDepth: limits.maxNestingDepth,
    log,
    ...(profile.words === undefined ? {} : { words: profile.words }),
    // the server's clients run workspace-wide queries; lint's unit call names its buffers, the page's calls one each
    attributeWorkspaceCrashes: options.profile === "server",
  });
  const workspace: WorkspaceOptions = {
    engine: contained,
    maxOpenBuffers: limits.maxOpenBuffers,
    maxSourceChars: limits.maxSourceChars,
    reader: options.reader,
    noReaderMessage: profile.noReaderMessage,
    ...(profile.closeHint === undefined ? {} : { closeHint: profile.closeHint }),
    ...(profile.openFiles === undefined ? {} : { openFiles: profile.openFiles }),
    ...(profile.argumentCheck === undefined ? {} : { argumentCheck: profile.argumentCheck }),
    // half the call limit, so the call itself still has the other half
    ...(profile.sourceLookup === true && options.reader !== undefined
      ? { sourceLookup: new SourceLookup({ reader: options.reader, maxMillisPerCall: Math.floor(limits.callTimeoutMs / 2) }) }
      : {}),
  };
  return new EngineWorkspace(workspace, engine, contained, warmUp);
}
