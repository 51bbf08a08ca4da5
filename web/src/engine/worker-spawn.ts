import type { EngineConnection, SpawnEngine } from "../../../src/engine/core/engine-connection.js";
import { deserializeEngineError, EngineInternalError, EngineUnavailableError } from "../../../src/engine/core/errors.js";
import type { JsonObject } from "../../../src/json/json.js";
import type { FromWorker, ToWorker } from "./worker-protocol.js";

export interface WorkerSpawnOptions {
  /** Creates the Web Worker that runs worker-entry.ts. */
  readonly createWorker: () => Worker;
  /** The folder URL holding groovy-engine.wasm, its runtime and classmodel.bin. */
  readonly engineBase: URL;
  /** Told how long each fresh engine took to load. */
  readonly onLoaded?: (ms: number) => void;
}

/**
 * The browser's spawn factory for the core's recovering engine: each spawn is a fresh Web Worker. Disposing a
 * connection terminates its worker at once, which is how the watchdog stops a runaway compile.
 */
export function webWorkerSpawn(options: WorkerSpawnOptions): SpawnEngine {
  return () =>
    new Promise<EngineConnection>((resolveSpawn, rejectSpawn) => {
      const worker = options.createWorker();
      const pending = new Map<number, { resolve: (r: JsonObject) => void; reject: (e: Error) => void }>();
      let nextId = 1;
      let ready = false;
      let dead = false;
      const lost = (why: string): void => {
        if (dead) return;
        dead = true;
        worker.terminate();
        const error = new EngineInternalError(why, { instanceLost: true });
        for (const call of pending.values()) call.reject(error);
        pending.clear();
        if (!ready) rejectSpawn(new EngineUnavailableError(`the engine worker could not start (${why})`));
      };
      worker.onerror = (event: ErrorEvent): void => {
        event.preventDefault();
        lost(ready ? "the engine worker failed" : event.message || "worker error");
      };
      worker.onmessageerror = (): void => lost("the engine worker sent an unreadable message");
      worker.onmessage = (event: MessageEvent<FromWorker>): void => {
        const message = event.data;
        switch (message.type) {
          case "ready":
            ready = true;
            options.onLoaded?.(message.loadMs);
            resolveSpawn({
              request(op: string, params: JsonObject): Promise<JsonObject> {
                if (dead) return Promise.reject(new EngineInternalError("the engine worker is gone", { instanceLost: true }));
                const id = nextId++;
                return new Promise<JsonObject>((resolve, reject) => {
                  pending.set(id, { resolve, reject });
                  worker.postMessage({ type: "call", id, op, params } satisfies ToWorker);
                });
              },
              dispose(): void {
                lost("the engine worker was stopped");
              },
            });
            return;
          case "failed":
            dead = true;
            worker.terminate();
            rejectSpawn(deserializeEngineError(message.error));
            return;
          case "reply": {
            const call = pending.get(message.id);
            if (call === undefined) return;
            pending.delete(message.id);
            if ("error" in message) call.reject(deserializeEngineError(message.error));
            else call.resolve(message.result);
          }
        }
      };
      worker.postMessage({ type: "init", engineBase: options.engineBase.href } satisfies ToWorker);
    });
}
