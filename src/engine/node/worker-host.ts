import { Worker, type ResourceLimits } from "node:worker_threads";
import { connectToWorker, type HostSideEndpoint, type SpawnEngine } from "../core/index.js";
import { warnRefusedJars } from "./classpath-jars.js";
import type { EngineFiles } from "./engine-files.js";
import type { EngineWorkerData } from "./engine-worker.js";
import { applyEngineV8Flags } from "./v8-flags.js";

/**
 * The worker's V8 heap limit. WasmGC objects live on the V8 heap, so this bounds the engine: running out of it ends
 * the worker (the call fails, a fresh worker starts), never the server. The engine peaks a little over 1 GB on large
 * real-world projects (docs/architecture.md), so 3 GiB leaves room for that with margin while keeping a runaway
 * compile far below the memory of an ordinary machine.
 */
export const WORKER_HEAP_MB = 3072;

export interface WorkerSpawnOptions {
  readonly files: EngineFiles;
  readonly classpathJars: readonly string[];
  /** Operator log lines (Java output, warnings); they go to stderr. */
  readonly log: (line: string) => void;
  readonly heapMb?: number;
  /** V8 flags for the worker only. */
  readonly execArgv?: readonly string[];
}

/** A spawn factory that runs each engine instance in a fresh worker_threads Worker. */
export function workerSpawn(options: WorkerSpawnOptions): SpawnEngine {
  applyEngineV8Flags();
  return () => {
    const resourceLimits: ResourceLimits = { maxOldGenerationSizeMb: options.heapMb ?? WORKER_HEAP_MB };
    const workerData: EngineWorkerData = { files: options.files, classpathJars: options.classpathJars };
    const worker = new Worker(new URL("./engine-worker.js", import.meta.url), {
      workerData,
      resourceLimits,
      execArgv: [...(options.execArgv ?? [])],
      // the worker's stdout is not the protocol stream: anything written there goes to stderr
      stdout: true,
      stderr: false,
    });
    worker.stdout.on("data", (chunk: Buffer) => process.stderr.write(chunk));
    const endpoint: HostSideEndpoint = {
      postMessage: (message) => worker.postMessage(message),
      onMessage: (handler) => worker.on("message", handler),
      onExit: (handler) => {
        worker.on("exit", (code) => handler(`exit code ${code}`));
        worker.on("error", (error) => handler(error.name === "Error" ? error.message.slice(0, 80) : error.name));
      },
      terminate: () => void worker.terminate(),
    };
    return connectToWorker(endpoint, { log: options.log, onRefusedJars: (n) => warnRefusedJars(n, options.log) });
  };
}
