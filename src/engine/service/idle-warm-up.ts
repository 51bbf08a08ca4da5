import type { JsonObject } from "../../json/json.js";
import type { ResultCut } from "../core/engine-connection.js";
import type { EngineService } from "./engine-service.js";
import { WARM_UP_SOURCES } from "./warm-up-sources.js";

/**
 * On by default; `GROOVYMCP_WARMUP=0` (or `false`, `off`, `no`) turns the idle warm-up off; `verbose` keeps it on and
 * logs one stderr line when it starts and one when it ends (what the benches read); `1`, `true`, `on`, `yes`: on.
 * Anything else: on, with a warning at start-up ({@link warmUpWarning}).
 *
 * It was opt-in for a while because, after it, compiles of very large comment-only buffers got slower (four open
 * buffers of 478,000 characters: 3.9-9.2 s per call against 1.5-3.2 s cold). That was measured when every call compiled
 * every open buffer; since per-buffer calls compile only their dependency closure the per-call case is gone, and
 * what is left (a workspace-wide call over several such buffers) is V8's inlining choices, trained on the warm-up's
 * ordinary Groovy, fitting that input less well: 1.0-1.8x on the fourth buffer, gone with inlining off
 * (docs/performance.md, "Start-up"). Ordinary files, large ones included, compile faster.
 */
export const WARM_UP_VARIABLE = "GROOVYMCP_WARMUP";

export type WarmUpMode = "off" | "on" | "verbose";

export function warmUpMode(env: Readonly<Record<string, string | undefined>>): WarmUpMode {
  const raw = env[WARM_UP_VARIABLE]?.trim().toLowerCase();
  return raw !== undefined && Object.hasOwn(WARM_UP_SETTINGS, raw) ? (WARM_UP_SETTINGS[raw] as WarmUpMode) : "on";
}

/** The values GROOVYMCP_WARMUP takes, trimmed and lower-cased. */
const WARM_UP_SETTINGS: Readonly<Record<string, WarmUpMode>> = Object.freeze({
  verbose: "verbose", "0": "off", false: "off", off: "off", no: "off", "1": "on", true: "on", on: "on", yes: "on",
});

/** A stderr warning when GROOVYMCP_WARMUP is set to a value {@link warmUpMode} does not know (blank counts as unset). */
export function warmUpWarning(env: Readonly<Record<string, string | undefined>>, quote: (value: string) => string): string | undefined {
  const raw = env[WARM_UP_VARIABLE];
  const value = raw?.trim().toLowerCase();
  if (raw === undefined || value === undefined || value.length === 0 || Object.hasOwn(WARM_UP_SETTINGS, value)) return undefined;
  return `warning: ${WARM_UP_VARIABLE} is ${quote(raw)}, not on, off or verbose; it is ignored and the warm-up stays on`;
}

/** Where the warm-up buffers live: a scheme no client URI and no path-derived URI uses. */
const WARM_UP_URI_PREFIX = "groovymcp-warm-up:/slice";

export interface IdleWarmUpOptions {
  /** Each string is compiled alone, as one slice. Default: WARM_UP_SOURCES. */
  readonly sources?: readonly string[];
  /** Passes over the sources: the second pass runs the now-warm DFA paths often enough to tier them up. */
  readonly rounds?: number;
  /**
   * Main-thread work (tool schemas the build did not compile): each call does one short slice and says whether any
   * is left.
   */
  readonly mainThreadSlice?: () => boolean;
  /** Operator log: one line when the warm-up starts and one when it ends (never source text). */
  readonly log?: (line: string) => void;
}

/** What the warm-up did, for the operator log and the benches. */
export interface WarmUpReport {
  readonly slices: number;
  /** The longest slice, ms: the most a client request arriving during the warm-up waited for it. */
  readonly longestSliceMs: number;
  readonly totalMs: number;
  readonly stoppedBy: "client" | "done" | "error" | "not started";
}

/**
 * The idle warm-up: while the client has not called a tool yet (an MCP client spawns the server, handshakes, and
 * usually calls its first tool much later), compile Groovy of our own so that V8 has tiered up the compiler's hot
 * code and the parser's DFA knows the common decisions when the first real request comes. A fresh engine's first
 * compile is otherwise several times slower than its second (docs/performance.md, "Start-up").
 *
 * It is never observable by the client:
 * - it is a layer over the engine: every client operation (request, open, close) first stops the warm-up for good
 *   and waits for the slice in progress, so no client call ever runs while a warm-up buffer is open, and no client
 *   buffer is ever compiled together with one;
 * - a slice opens, compiles and closes its buffer in one go; the buffer is hidden from isOpen/openCount/openUris
 *   meanwhile, so the buffer count and the open-buffer limit the client sees are its own;
 * - it writes nothing (its results are dropped), and any failure just ends it.
 * Results never depend on it: the engine's caches that it warms (the DFA, decoded class stubs) change speed only.
 */
export class IdleWarmUp implements EngineService {
  private stopped = false;
  private running: Promise<void> | undefined;
  private current: Promise<unknown> = Promise.resolve();
  private openWarmUri: string | undefined;
  private slices = 0;
  private longest = 0;
  private startedAt = 0;
  private endedAt = 0;
  private stoppedBy: WarmUpReport["stoppedBy"] = "not started";
  private readonly sources: readonly string[];
  private readonly rounds: number;

  constructor(
    private readonly inner: EngineService & { ready(): Promise<void> },
    private readonly options: IdleWarmUpOptions = {},
  ) {
    this.sources = options.sources ?? WARM_UP_SOURCES;
    this.rounds = options.rounds ?? 2;
  }

  /** Starts the warm-up once the engine is up; resolves when it has ended (for whatever reason). */
  start(): Promise<void> {
    this.running ??= this.run();
    return this.running;
  }

  /** Ends the warm-up for good; resolves once the slice in progress (if any) has finished and closed its buffer. */
  async stop(): Promise<void> {
    if (!this.stopped) {
      this.stopped = true;
      if (this.stoppedBy === "not started") this.stoppedBy = "client";
    }
    await this.current;
  }

  report(): WarmUpReport {
    // stopped before the engine was up: it never ran
    if (this.startedAt === 0) return { slices: 0, longestSliceMs: 0, totalMs: 0, stoppedBy: this.stoppedBy };
    const end = this.endedAt || performance.now();
    return { slices: this.slices, longestSliceMs: this.longest, totalMs: end - this.startedAt, stoppedBy: this.stoppedBy };
  }

  private async run(): Promise<void> {
    try {
      await this.inner.ready();
    } catch {
      this.stopped = true;
      return;
    }
    if (this.stopped) return this.finish();
    this.startedAt = performance.now();
    this.options.log?.("idle warm-up started");
    const mainThread = this.mainThreadLoop();
    for (let round = 0; round < this.rounds; round++) {
      for (let i = 0; i < this.sources.length; i++) {
        if (this.stopped) return this.finish();
        const slice = this.slice(`${WARM_UP_URI_PREFIX}${i + 1}.groovy`, this.sources[i] ?? "");
        this.current = slice.catch(() => undefined);
        if (!(await slice)) {
          this.stopped = true;
          this.stoppedBy = "error";
          return this.finish();
        }
      }
    }
    await mainThread;
    if (!this.stopped) {
      this.stopped = true;
      this.stoppedBy = "done";
    }
    this.finish();
  }

  /**
   * The main-thread part (tool schemas the build did not compile), alongside the engine's slices, which run in the
   * worker: one short slice per macrotask, so a client line that arrives is read (and stops the warm-up) before the
   * next slice.
   */
  private async mainThreadLoop(): Promise<void> {
    const next = this.options.mainThreadSlice;
    if (next === undefined) return;
    while (!this.stopped && next()) await new Promise((resolve) => setTimeout(resolve, 1));
  }

  private finish(): void {
    this.endedAt = performance.now();
    const r = this.report();
    this.options.log?.(`idle warm-up ${r.stoppedBy === "done" ? "done" : `ended (${r.stoppedBy})`}: ${r.slices} slices in ${Math.round(r.totalMs)} ms, longest ${Math.round(r.longestSliceMs)} ms`);
  }

  /** One slice: open, compile, close; true when it ran to the end. */
  private async slice(uri: string, text: string): Promise<boolean> {
    const t0 = performance.now();
    this.openWarmUri = uri;
    let ok = false;
    try {
      await this.inner.open(uri, text);
      await this.inner.request("diagnostics", { uri });
      ok = true;
    } catch {
      // a failure of our own source is no concern of the client's: the warm-up just ends (the engine recovers itself)
    } finally {
      try {
        if (this.inner.isOpen(uri)) await this.inner.close(uri);
      } catch {
        ok = false;
      }
      this.openWarmUri = undefined;
    }
    const ms = performance.now() - t0;
    this.slices++;
    if (ms > this.longest) this.longest = ms;
    return ok && !this.inner.isOpen(uri);
  }

  async request(op: string, params: JsonObject, cut?: ResultCut): Promise<JsonObject> {
    await this.stop();
    return this.inner.request(op, params, cut);
  }

  async open(uri: string, text: string): Promise<void> {
    await this.stop();
    return this.inner.open(uri, text);
  }

  async close(uri: string): Promise<boolean> {
    await this.stop();
    return this.inner.close(uri);
  }

  isOpen(uri: string): boolean {
    return uri !== this.openWarmUri && this.inner.isOpen(uri);
  }

  openCount(): number {
    return this.openUris().length;
  }

  openUris(): string[] {
    return this.inner.openUris().filter((uri) => uri !== this.openWarmUri);
  }
}

/**
 * The MCP server's warm-up, or undefined when it does not apply: off when GROOVYMCP_WARMUP says so, and off when the call
 * time limit is under 10 s (a test of the watchdog sets a short one; a slow warm-up slice must never be what trips
 * it, nor restart the engine under a test's feet). `groovymcp lint` and `check` never create one: lint compiles
 * every file at once, so there is no idle time to use, and check measures a cold engine.
 */
export function serverWarmUp(
  engine: EngineService & { ready(): Promise<void> },
  env: Readonly<Record<string, string | undefined>>,
  callTimeoutMs: number,
  options: Omit<IdleWarmUpOptions, "log"> & { log: (line: string) => void },
): IdleWarmUp | undefined {
  const mode = warmUpMode(env);
  if (mode === "off" || (callTimeoutMs > 0 && callTimeoutMs < 10_000)) return undefined;
  return new IdleWarmUp(engine, { ...options, log: mode === "verbose" ? options.log : undefined });
}
