import { EngineUnavailableError } from "../engine/core/errors.js";
import type { JsonObject } from "../json/json.js";
import { DEFAULT_LIMITS, type Limits } from "../limits/limits.js";
import { createWorkspace, type EngineWorkspace } from "../workspace/index.js";
import { nodeSpawn } from "../workspace/node.js";
import { ENGINE_DEFAULT_CAP, MAX_UNIT_FILES } from "./units.js";
import type { JenkinsCatalog } from "./jenkins-catalog.js";
import { UnitCompiler } from "./unit-compiler.js";

/**
 * How long one engine call of lint may run: one call compiles a whole unit (up to MAX_UNIT_FILES files), so the
 * MCP server's per-call limit is too tight. A call past it ends that worker (core's watchdog); the unit's files get
 * an error finding and the next unit runs on a fresh worker.
 */
export const LINT_CALL_TIMEOUT_MS = 300_000;

/**
 * Lint's limits: the server's, but a unit's call time, and a buffer cap of MAX_UNIT_FILES that every instance (the
 * first and each one after a restart) is told with the engine's `configure` op. An engine build without that op
 * keeps its own cap of 64, which MAX_UNIT_FILES never exceeds.
 */
const LINT_LIMITS: Limits = { ...DEFAULT_LIMITS, callTimeoutMs: LINT_CALL_TIMEOUT_MS, maxOpenBuffers: MAX_UNIT_FILES };

/** A file of the tree whose declarations every unit sees; `read` gives its text, undefined when it cannot be read. */
export interface DeclarationSource {
  readonly uri: string;
  readonly language: "groovy" | "java";
  readonly read: () => string | undefined;
}

interface Slot {
  readonly workspace: EngineWorkspace;
  readonly compiler: UnitCompiler;
}

/**
 * `--jobs` engines, each in its own worker_threads Worker behind its own workspace (createWorkspace's "lint"
 * profile: heap limit, watchdog, restart after a lost instance, the server's depth containment). Units are handed
 * out in the given order to whichever engine is free.
 */
export class EnginePool {
  private readonly slots: Slot[] = [];
  /** The tree's declarations every engine holds (empty: none). */
  private declarations: readonly JsonObject[] = [];

  /** Engines start on their first unit, except the first, which starts at once (see bufferCap). */
  constructor(size: number, classpathJars: readonly string[], log: (line: string) => void, jenkinsCatalog?: JenkinsCatalog) {
    for (let i = 0; i < size; i++) {
      const workspace = createWorkspace({ profile: "lint", spawn: nodeSpawn({ profile: "lint", classpathJars, limits: LINT_LIMITS, log }), limits: LINT_LIMITS, log });
      if (i === 0) workspace.start();
      this.slots.push({ workspace, compiler: new UnitCompiler(workspace, jenkinsCatalog) });
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

  /**
   * Every engine reads the declarations of a share of `sources` (the engine's `declarations` op), in parallel; the
   * answers come back in the order of `sources`, undefined where a file cannot be read or the engine refuses it (its
   * unit reports it). A `read` that throws stops the reading and its error is the call's.
   */
  async readDeclarations(sources: readonly DeclarationSource[]): Promise<(JsonObject | undefined)[]> {
    const found: (JsonObject | undefined)[] = new Array(sources.length);
    let next = 0;
    let failed: { error: unknown } | undefined;
    await Promise.all(
      this.slots.map(async (slot) => {
        while (failed === undefined && next < sources.length) {
          const at = next++;
          const source = sources[at]!;
          let text: string | undefined;
          try {
            text = source.read();
          } catch (error) {
            failed = { error };
            return;
          }
          if (text === undefined) continue;
          try {
            found[at] = await slot.workspace.declarationsOf(source.language, text, source.uri);
          } catch (error) {
            if (error instanceof EngineUnavailableError) throw error;
          }
        }
      }),
    );
    if (failed !== undefined) throw failed.error;
    return found;
  }

  /**
   * The project model (docs/lint.md, "The whole tree"): every engine is given the tree's declarations once, so each
   * unit resolves the classes the rest of the tree declares while it compiles only its own files. The engine stack
   * keeps them across restarts.
   */
  async shareDeclarations(files: readonly JsonObject[]): Promise<void> {
    if (files.length === 0) return;
    await Promise.all(this.slots.map((slot) => slot.workspace.setProjectDeclarations(files)));
    this.declarations = files;
  }

  /** Whether the engines hold a project model (shareDeclarations was given some declarations). */
  hasDeclarations(): boolean {
    return this.declarations.length > 0;
  }

  /**
   * Like forEach, on engines without the project model: each engine that takes an item drops the model first, once,
   * and never gets it back, so the units the engine failed with the tree's declarations are checked again at the end
   * of the run (with the errors they would have had before the model) without sending the whole model to an engine
   * again after each of them.
   */
  async forEachWithoutDeclarations<T>(items: readonly T[], work: (item: T, compiler: UnitCompiler) => Promise<void>): Promise<void> {
    const dropped = new Set<Slot>();
    await this.forEach(items, async (item, compiler) => {
      const slot = this.slots.find((s) => s.compiler === compiler)!;
      if (!dropped.has(slot)) {
        dropped.add(slot);
        await slot.workspace.setProjectDeclarations([]);
      }
      await work(item, compiler);
    });
  }

  /** The most buffers one unit may open: known once the first engine is up (it rejects if the engine cannot run). */
  async bufferCap(): Promise<number> {
    const first = this.slots[0]!.workspace;
    await first.ready();
    const cap = first.acceptedSettings()?.["maxOpenBuffers"];
    return typeof cap === "number" ? Math.min(MAX_UNIT_FILES, cap) : ENGINE_DEFAULT_CAP;
  }

  /** Whether any engine answered with the `lint` op (and so ran the AST rules). */
  usedLintOp(): boolean {
    return this.slots.some((s) => s.compiler.usesLintOp === true);
  }

  /** For good: the run is over and the process ends by its loop running empty (src/process/natural-exit.ts). */
  dispose(): void {
    for (const slot of this.slots) slot.workspace.shutdown();
  }
}
