import type { JsonObject } from "../../json/json.js";
import { EngineClient } from "./engine-client.js";
import { EngineInternalError } from "./errors.js";
import { loadEngine, type EngineImage } from "./teavm-loader.js";

/**
 * One live engine instance, wherever it runs: in this thread, in a worker_threads Worker, or in a browser Web
 * Worker. Requests are answered in the order they are sent.
 */
/**
 * How a caller wants one result cut, where results are cut (the server's worker, src/engine/service/result-fitting.ts):
 * passed with the request so the one cut there serves it and the caller never cuts again.
 */
export interface ResultCut {
  /** At most this many items of the result's list (groovy_diagnostics' maxResults, which the engine does not take). */
  readonly maxResults?: number;
}

export interface EngineConnection {
  /** Runs one operation; rejects with an EngineError (an EngineInternalError with instanceLost when it died). */
  request(op: string, params: JsonObject, cut?: ResultCut): Promise<JsonObject>;
  /** Ends the instance at once (terminates its worker); pending requests reject. */
  dispose(): void;
}

/**
 * Starts a fresh instance; rejects with EngineUnavailableError when the engine cannot run. `signal` is aborted when
 * the instance is no longer wanted before it is up (the process is exiting): a spawn that can stop a start in
 * progress does so at once (terminates its worker) and rejects, instead of loading an engine only to end it.
 */
export type SpawnEngine = (signal?: AbortSignal) => Promise<EngineConnection>;

export interface InThreadOptions {
  /** Where Java's System.out/err lines go (never a protocol stream). */
  readonly javaOutput: (line: string) => void;
  /** Told once how many classpath jars the engine refused. */
  readonly onRefusedJars?: (count: number) => void;
}

/**
 * A spawn factory that runs the engine in the calling thread. Each call loads a fresh instance from the image
 * (the image is produced once and reused, so a restart does not read the files again).
 */
export function inThreadSpawn(image: () => Promise<EngineImage>, options: InThreadOptions): SpawnEngine {
  let cached: Promise<EngineImage> | undefined;
  return async () => {
    cached ??= image();
    const loaded = await loadEngine(await cached, options.javaOutput);
    if (loaded.refusedJars > 0) options.onRefusedJars?.(loaded.refusedJars);
    const client = new EngineClient(loaded.exports, loaded.modelPacks);
    let disposed = false;
    // one call at a time, in order: a call waiting for a class model pack must not let a later one run first
    let queue: Promise<unknown> = Promise.resolve();
    return {
      request: (op, params) => {
        if (disposed) return Promise.reject(new EngineInternalError("the engine instance was disposed", { instanceLost: true }));
        const next = queue.then(() => client.call(op, params));
        queue = next.catch(() => undefined);
        return next;
      },
      dispose: () => {
        disposed = true;
      },
    };
  };
}
