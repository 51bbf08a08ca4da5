import type { EngineConnection, JsonObject, SpawnEngine } from "../../src/engine/core/index.js";
import { EngineArgumentError, EngineInternalError, EngineStateError } from "../../src/engine/core/index.js";

/**
 * A fake spawn factory for unit tests of the recovering engine and the workspace (no wasm, no process). Each
 * instance keeps its own buffers, like the engine; `trap` makes the next request lose the instance, `hang` makes
 * it never answer (for the watchdog).
 */
export class FakeEngines {
  spawned = 0;
  attempts = 0;
  readonly calls: { instance: number; op: string; params: JsonObject }[] = [];
  trapNext = false;
  hangNext = false;
  failSpawn: Error | undefined;
  /** A buffer whose compile runs away: every call that compiles it (its own, or one over all buffers) never answers. */
  runaway: string | undefined;
  /** Answer `configure` as an engine built before it existed does. */
  withoutConfigure = false;
  disposed: number[] = [];

  readonly spawn: SpawnEngine = async () => {
    this.attempts++;
    if (this.failSpawn !== undefined) throw this.failSpawn;
    const instance = ++this.spawned;
    const buffers = new Map<string, string>();
    const connection: EngineConnection = {
      request: async (op, params) => {
        this.calls.push({ instance, op, params });
        if (this.hangNext) {
          this.hangNext = false;
          return new Promise<JsonObject>(() => undefined);
        }
        if (this.trapNext) {
          this.trapNext = false;
          throw new EngineInternalError(`engine call ${op} failed (trap: unreachable)`, { instanceLost: true });
        }
        const uri = typeof params["uri"] === "string" ? params["uri"] : undefined;
        const compiles = !["open", "close", "configure"].includes(op);
        if (compiles && this.runaway !== undefined && (uri === this.runaway || (uri === undefined && buffers.has(this.runaway)))) {
          return new Promise<JsonObject>(() => undefined);
        }
        switch (op) {
          case "open":
            buffers.set(uri as string, params["text"] as string);
            return { uri: uri as string, version: 1 };
          case "configure":
            if (this.withoutConfigure) throw new EngineArgumentError("unknown op: configure");
            return { ...params };
          case "close":
            return { closed: buffers.delete(uri as string) };
          case "diagnostics": {
            const text = buffers.get(uri as string);
            if (text === undefined) throw new EngineStateError(`not open: ${uri}`);
            return { uri: uri as string, diagnostics: [], errorCount: text.includes("ERR") ? 1 : 0, warningCount: 0 };
          }
          default:
            return { op, params, instance, open: [...buffers.keys()] };
        }
      },
      dispose: () => {
        this.disposed.push(instance);
      },
    };
    return connection;
  };
}
