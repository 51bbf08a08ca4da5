import { Worker, type ResourceLimits } from "node:worker_threads";
import { DEFAULT_LIMITS } from "../../limits/limits.js";
import { connectToWorker, type HostSideEndpoint, type SpawnEngine } from "../core/index.js";
import type { EngineFiles } from "./engine-files.js";
import type { EngineWorkerData } from "./engine-worker.js";
import { compileEngineModule, modulePortFor } from "./module-precompile.js";
import { memoryPolicy, type MemoryPolicy } from "./memory-policy.js";
import { applyEngineV8Flags, growthOnCommandLine } from "./v8-flags.js";

export interface WorkerSpawnOptions {
  readonly files: EngineFiles;
  readonly classpathJars: readonly string[];
  /** Operator log lines (Java output, warnings); they go to stderr. */
  readonly log: (line: string) => void;
  /** The worker's V8 heap limit in MiB (Limits.workerHeapMb; why that figure is written there). */
  readonly heapMb?: number;
  /** The worker's stack in MiB (Limits.workerStackMb): the engine's wasm frames run on it. */
  readonly stackMb?: number;
  /** Results are cut to this limit in the worker (Limits.maxResultChars), so the host thread never holds a huge one. */
  readonly maxResultChars?: number;
  /** The memory policy (memory-policy.ts; default: GROOVYMCP_MEMORY, lean when unset). Its V8 flag is process-wide, so the first spawn's policy sets it. */
  readonly memory?: MemoryPolicy;
  /** V8 flags for the worker only. */
  readonly execArgv?: readonly string[];
}

/** A spawn factory that runs each engine instance in a fresh worker_threads Worker. */
export function workerSpawn(options: WorkerSpawnOptions): SpawnEngine {
  const memory = options.memory ?? memoryPolicy(process.env);
  applyEngineV8Flags(undefined, undefined, memory);
  // one compile for every worker this factory starts (restarts, lint's pool), begun before the first one exists
  const compiled = compileEngineModule(options.files.wasm);
  return (signal) => {
    const heapMb = options.heapMb ?? DEFAULT_LIMITS.workerHeapMb;
    const resourceLimits: ResourceLimits = { maxOldGenerationSizeMb: heapMb, stackSizeMb: options.stackMb ?? DEFAULT_LIMITS.workerStackMb };
    if (memory.youngGenerationMb !== undefined) resourceLimits.maxYoungGenerationSizeMb = memory.youngGenerationMb;
    const modulePort = modulePortFor(compiled);
    const workerData: EngineWorkerData = {
      files: options.files,
      classpathJars: options.classpathJars,
      maxResultChars: options.maxResultChars ?? 0,
      memory: {
        name: memory.name,
        parserDfaBudget: memory.parserDfaBudget,
        gcAfterDfaClear: memory.gcAfterDfaClear,
        ...(memory.gcNearDfaBudget !== undefined ? { gcNearDfaBudget: memory.gcNearDfaBudget } : {}),
        verbose: memory.verbose ?? false,
        ...(memory.heapGrowingFromMb !== undefined && !growthOnCommandLine(process.execArgv)
          ? { heapGrowingPercent: memory.heapGrowingPercent, heapGrowingFromMb: memory.heapGrowingFromMb }
          : {}),
      },
      modulePort,
    };
    // beside this module: tsc's worker in dist/engine/node/, or in the bundled server (dist/cli.js) the bundled
    // worker that scripts/bundle-entries.mjs writes beside it
    const worker = new Worker(new URL("./engine-worker.js", import.meta.url), {
      workerData,
      transferList: [modulePort],
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
        worker.on("error", (error: Error & { code?: string }) => {
          handler(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? `out of memory: the engine heap limit is ${heapMb} MiB` : error.code ?? error.name);
        });
      },
      terminate: () => void worker.terminate(),
    };
    // the worker has already checked each jar against the bounds; these are jars the engine itself could not decode
    const onRefusedJars = (n: number): void =>
      options.log(`groovymcp: warning: ${n} classpath ${n === 1 ? "jar" : "jars"} could not be read and ${n === 1 ? "is" : "are"} ignored`);
    return connectToWorker(endpoint, { log: options.log, onRefusedJars, signal });
  };
}
