import { isJsonObject, type JsonObject } from "../../json/json.js";
import type { EngineConnection, ResultCut, SpawnEngine } from "../core/engine-connection.js";
import type { EngineService } from "./engine-service.js";
import { quoteClientString } from "../../limits/quote-client-string.js";
import { EngineArgumentError, EngineInternalError, EngineTimeoutError, EngineUnavailableError } from "../core/errors.js";

export interface RecoveringEngineOptions {
  readonly spawn: SpawnEngine;
  /** A call running longer is stopped (its instance disposed) and fails with EngineTimeoutError. 0: no limit. */
  readonly callTimeoutMs?: number;
  /** Operator log (one line per event; never source text). */
  readonly log?: (line: string) => void;
  /**
   * Host-owned engine settings (the contract's `configure` op, e.g. `{ maxOpenBuffers }`), sent to every new
   * instance before its buffers are re-opened. An engine built before `configure` existed is left as it is.
   */
  readonly settings?: JsonObject;
}

/**
 * The engine as every front end sees it: calls run one at a time in order; the host keeps the buffer map, so when
 * an instance is lost (a trap, a dead worker, a call stopped by the watchdog) a fresh one is spawned and every
 * open buffer re-opened before the next call. The call that lost the instance fails; the next one works.
 */
export class RecoveringEngine implements EngineService {
  private connection: Promise<EngineConnection> | undefined;
  /** Aborts the start in progress, if any (dispose during start-up ends it at once rather than after the load). */
  private starting: AbortController | undefined;
  private readonly buffers = new Map<string, string>();
  private tail: Promise<unknown> = Promise.resolve();
  private readonly timeoutMs: number;
  private readonly log: (line: string) => void;
  private shutDown = false;
  /** The current instance's answer to `settings` (undefined: none sent, or an engine build without `configure`). */
  private accepted: JsonObject | undefined;
  /**
   * The project model the instance holds (every `projectDeclarations` it accepted, merged as the engine merges
   * them): state of the instance like `settings`, so a fresh instance gets it again before its buffers.
   */
  private declarations: JsonObject[] = [];

  constructor(private readonly options: RecoveringEngineOptions) {
    this.timeoutMs = options.callTimeoutMs ?? 0;
    this.log = options.log ?? (() => undefined);
  }

  /** Starts the first instance in the background. Safe to call more than once. */
  start(): void {
    this.live().catch(() => undefined);
  }

  /** Resolves when an instance is up (or rejects with why it is not). */
  async ready(): Promise<void> {
    await this.live();
  }

  private live(): Promise<EngineConnection> {
    if (this.shutDown) return Promise.reject(new EngineUnavailableError("the engine was shut down: the process is exiting"));
    if (this.connection === undefined) {
      const controller = new AbortController();
      this.starting = controller;
      const spawning = this.spawnWithBuffers(controller.signal);
      this.connection = spawning;
      const started = (): void => {
        if (this.starting === controller) this.starting = undefined;
      };
      spawning.then(started, started);
      spawning.catch((error: unknown) => {
        // An unavailable engine stays unavailable (no respawn loop); anything else is retried on the next call.
        if (!(error instanceof EngineUnavailableError) && this.connection === spawning) this.connection = undefined;
      });
    }
    return this.connection;
  }

  private async spawnWithBuffers(signal: AbortSignal): Promise<EngineConnection> {
    const connection = await this.options.spawn(signal);
    // ended while it was being set up (a spawn that cannot stop early, or an abort after the worker was ready)
    let ended = false;
    const end = (): void => {
      if (ended) return;
      ended = true;
      connection.dispose();
    };
    signal.addEventListener("abort", end, { once: true });
    if (this.options.settings !== undefined && !signal.aborted) {
      try {
        this.accepted = await connection.request("configure", this.options.settings);
      } catch (error) {
        this.accepted = undefined;
        const unknownOp = error instanceof EngineArgumentError && error.message.startsWith("unknown op");
        if (!unknownOp) this.log(`the engine refused its settings (${error instanceof Error ? error.message.slice(0, 120) : "?"})`);
      }
    }
    if (this.declarations.length > 0 && !signal.aborted) {
      try {
        await connection.request("projectDeclarations", { files: this.declarations });
      } catch (error) {
        this.log(`the engine refused the project's declarations after a restart (${error instanceof Error ? error.message.slice(0, 120) : "?"})`);
      }
    }
    for (const [uri, text] of this.buffers) {
      if (signal.aborted) break;
      try {
        await connection.request("open", { uri, text });
      } catch {
        if (!signal.aborted) this.log("a buffer could not be re-opened after an engine restart");
      }
    }
    signal.removeEventListener("abort", end);
    if (signal.aborted) {
      end();
      throw new EngineInternalError("the engine instance was ended while it was starting", { instanceLost: true });
    }
    return connection;
  }

  private lose(connection: EngineConnection): void {
    connection.dispose();
    this.connection = undefined;
    // start the replacement now, so it is (nearly) ready for the next call; not after a shutdown, when a call in flight
    // loses its instance on purpose
    if (!this.shutDown) this.start();
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.tail.then(task, task);
    this.tail = run.catch(() => undefined);
    return run;
  }

  request(op: string, params: JsonObject, cut?: ResultCut): Promise<JsonObject> {
    return this.serial(() => this.call(op, params, cut));
  }

  private async call(op: string, params: JsonObject, cut?: ResultCut): Promise<JsonObject> {
    const connection = await this.live();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline =
      this.timeoutMs > 0
        ? new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(this.timeoutError(params)), this.timeoutMs);
          })
        : undefined;
    try {
      const reply = connection.request(op, params, cut);
      const answer = await (deadline === undefined ? reply : Promise.race([reply, deadline]));
      if (op === "projectDeclarations") this.keepDeclarations(params);
      return answer;
    } catch (error) {
      if (error instanceof EngineTimeoutError) {
        this.log(`engine call ${op} ran past the ${this.timeoutMs} ms call time limit; restarting the engine`);
        this.lose(connection);
      } else if (error instanceof EngineInternalError && error.instanceLost) {
        this.log(`${error.message.slice(0, 160)}; restarting the engine`);
        // the buffer the call was about is not re-opened into the fresh instance (issue 13): open buffers compile
        // together, so it would crash that one too. ContainedEngine (src/engine/service) tells the client.
        const uri = params["uri"];
        if (typeof uri === "string") this.buffers.delete(uri);
        this.lose(connection);
      }
      throw error;
    } finally {
      if (timer !== undefined) clearTimeout(timer);
    }
  }

  /** Mirrors what the engine now holds: `replace` (the default) sets the files, `add` replaces by `uri` or appends. */
  private keepDeclarations(params: JsonObject): void {
    const files = Array.isArray(params["files"]) ? params["files"].filter(isJsonObject) : [];
    if (params["mode"] !== "add") {
      this.declarations = [...files];
      return;
    }
    for (const file of files) {
      const uri = file["uri"];
      const at = typeof uri === "string" ? this.declarations.findIndex((d) => d["uri"] === uri) : -1;
      if (at >= 0) this.declarations[at] = file;
      else this.declarations.push(file);
    }
  }

  /**
   * The watchdog's verdict. The buffer the call was about is dropped rather than re-opened: open buffers compile
   * together, so keeping it would make every following call run away too. The others are re-opened.
   */
  private timeoutError(params: JsonObject): EngineTimeoutError {
    const uri = params["uri"];
    let dropped = "";
    if (typeof uri === "string" && this.buffers.delete(uri)) {
      dropped = `; its buffer ${quoteClientString(uri)} was closed so that the next calls work (open it again with less text)`;
    }
    return new EngineTimeoutError(
      `the engine call took longer than the call time limit of ${this.timeoutMs} ms and was stopped${dropped}`,
      this.timeoutMs,
    );
  }

  open(uri: string, text: string): Promise<void> {
    return this.serial(async () => {
      await this.call("open", { uri, text });
      // A buffer opened again keeps its place, as in the engine's own table (a LinkedHashMap): a fresh instance is
      // re-opened in this order, and the order of a unit's sources decides answers such as which of two buffers
      // declaring the same class is the duplicate, so a restart must not reorder them.
      this.buffers.set(uri, text);
    });
  }

  close(uri: string): Promise<boolean> {
    return this.serial(async () => {
      // the engine's answer stays the source of truth
      const result = await this.call("close", { uri });
      this.buffers.delete(uri);
      return result["closed"] === true;
    });
  }

  /** What the running instance answered to the settings: the values it took (its cap may be lower than asked). */
  acceptedSettings(): JsonObject | undefined {
    return this.accepted;
  }

  isOpen(uri: string): boolean {
    return this.buffers.has(uri);
  }

  openCount(): number {
    return this.buffers.size;
  }

  openUris(): string[] {
    return [...this.buffers.keys()];
  }

  /**
   * Ends the current instance for good: every later call fails with EngineUnavailableError and nothing is spawned
   * again, so a process that is exiting keeps no worker alive.
   */
  shutdown(): void {
    this.shutDown = true;
    this.dispose();
  }

  /** Ends the current instance; a later call spawns a new one. */
  dispose(): void {
    const current = this.connection;
    this.connection = undefined;
    const starting = this.starting;
    this.starting = undefined;
    starting?.abort();
    current?.then((c) => c.dispose(), () => undefined);
  }
}
