import { ContainedEngine } from "../containment/contained-engine.js";
import { EngineUnavailableError, RecoveringEngine, type SpawnEngine } from "../engine/core/index.js";
import { locateEngineFiles } from "../engine/node/engine-files.js";
import { workerSpawn } from "../engine/node/worker-host.js";
import { memoryPolicy, SPEED_MEMORY } from "../engine/node/memory-policy.js";
import { DEFAULT_LIMITS } from "../limits/limits.js";
import { Workspace } from "../workspace/index.js";
import { ENGINE_DEFAULT_CAP, MAX_UNIT_FILES } from "./units.js";
import type { JenkinsCatalog } from "./jenkins-catalog.js";
import { UnitCompiler, UnitReader } from "./unit-compiler.js";

/**
 * How long one engine call of lint may run: one call compiles a whole unit (up to MAX_UNIT_FILES files), so the
 * MCP server's per-call limit is too tight. A call past it ends that worker (core's watchdog); the unit's files get
 * an error finding and the next unit runs on a fresh worker.
 */
export const LINT_CALL_TIMEOUT_MS = 300_000;

/**
 * Every instance (the first and each one after a restart) is told the buffer cap lint enforces, with the engine's
 * `configure` op. An engine build without that op keeps its own cap of 64, which MAX_UNIT_FILES never exceeds.
 */
function configured(spawn: SpawnEngine, learnt: (cap: number) => void): SpawnEngine {
  return async (signal) => {
    const connection = await spawn(signal);
    try {
      const reply = await connection.request("configure", { maxOpenBuffers: MAX_UNIT_FILES });
      learnt(typeof reply["maxOpenBuffers"] === "number" ? Math.min(MAX_UNIT_FILES, reply["maxOpenBuffers"]) : ENGINE_DEFAULT_CAP);
    } catch {
      // an engine build without `configure` keeps its built-in cap
      learnt(ENGINE_DEFAULT_CAP);
    }
    return connection;
  };
}

interface Slot {
  readonly engine: RecoveringEngine;
  readonly compiler: UnitCompiler;
}

/**
 * `--jobs` engines, each in its own worker_threads Worker (core's worker host: heap limit, watchdog, restart after a
 * lost instance), each behind its own Workspace. Units are handed out in the given order to whichever engine is free.
 */
export class EnginePool {
  private readonly slots: Slot[] = [];
  private cap = ENGINE_DEFAULT_CAP;

  /** Engines start on their first unit, except the first, which starts at once (see bufferCap). */
  constructor(size: number, classpathJars: readonly string[], log: (line: string) => void, jenkinsCatalog?: JenkinsCatalog) {
    const files = locateEngineFiles();
    for (let i = 0; i < size; i++) {
      // speed unless GROOVYMCP_MEMORY says otherwise: a lint run is a batch whose time counts, over many distinct
      // files (the lean DFA budget would clear and re-warm; docs/engine-performance.md, "Session 10 (helper rss)")
      const spawn = configured(workerSpawn({ files, classpathJars, log, memory: memoryPolicy(process.env, SPEED_MEMORY) }), (cap) => {
        this.cap = cap;
      });
      const engine = new RecoveringEngine({ spawn, callTimeoutMs: LINT_CALL_TIMEOUT_MS, log });
      if (i === 0) engine.start();
      // The MCP server's depth containment: a file nested past maxNestingDepth is never compiled (it would run the
      // compiler out of stack and cost its whole unit a restart); it gets the server's "parsing failed" error.
      const contained = new ContainedEngine(engine, {
        maxNestingDepth: DEFAULT_LIMITS.maxNestingDepth,
        log,
        // its messages reach the report (the depth error) and stderr (a unit that crashed), never a tool call
        words: { limitOwner: "groovymcp lint", replaceHint: "fix the file", closeHint: "exclude it" },
      });
      const reader = new UnitReader();
      const workspace = new Workspace({ engine: contained, maxOpenBuffers: MAX_UNIT_FILES, maxSourceChars: DEFAULT_LIMITS.maxSourceChars, reader });
      this.slots.push({ engine, compiler: new UnitCompiler(workspace, engine, reader, jenkinsCatalog) });
    }
  }

  /**
   * Runs `work` for every item, at most one at a time per engine. An EngineUnavailableError stops the run (no engine
   * can work); any other failure is the item's own and is passed to `work`'s caller through `settle`.
   */
  async forEach<T>(items: readonly T[], work: (item: T, compiler: UnitCompiler) => Promise<void>): Promise<void> {
    let next = 0;
    let unavailable: EngineUnavailableError | undefined;
    await Promise.all(
      this.slots.map(async (slot) => {
        while (unavailable === undefined && next < items.length) {
          const item = items[next++]!;
          try {
            await work(item, slot.compiler);
          } catch (error) {
            if (error instanceof EngineUnavailableError) unavailable = error;
            else throw error;
          }
        }
      }),
    );
    if (unavailable !== undefined) throw unavailable;
  }

  /** The most buffers one unit may open: known once the first engine is up (it rejects if the engine cannot run). */
  async bufferCap(): Promise<number> {
    await this.slots[0]!.engine.ready();
    return this.cap;
  }

  /** Whether any engine answered with the `lint` op (and so ran the AST rules). */
  usedLintOp(): boolean {
    return this.slots.some((s) => s.compiler.usesLintOp === true);
  }

  /** For good: the run is over and the process ends by its loop running empty (src/process/natural-exit.ts). */
  dispose(): void {
    for (const slot of this.slots) slot.engine.shutdown();
  }
}
