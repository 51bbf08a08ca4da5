/**
 * The engine on Node.js: where its files are, reading them, the classpath bounds, and the worker_threads host.
 * `nodeEngine()` is what a Node front end (the MCP server, lint) starts with. (The jar bounds are not re-exported:
 * they load fflate, which only the worker needs.)
 */
import { RecoveringEngine } from "../service/index.js";
import { DEFAULT_LIMITS, type Limits } from "../../limits/limits.js";
import { logLine } from "../../log/log.js";
import { locateEngineFiles, type EngineFiles } from "./engine-files.js";
import { workerSpawn } from "./worker-host.js";

export { engineFilesPresent, locateEngineFiles, type EngineFiles } from "./engine-files.js";
export { ENGINE_NODE_REQUIREMENT, readEngineImage } from "./engine-image.js";
export { applyEngineV8Flags, engineV8Flags } from "./v8-flags.js";
export { workerSpawn, type WorkerSpawnOptions } from "./worker-host.js";

export interface NodeEngineOptions {
  /** Absolute paths of the --classpath jars (bounded and read in the worker). */
  readonly classpathJars?: readonly string[];
  /** callTimeoutMs, workerHeapMb and maxOpenBuffers are used. Default: DEFAULT_LIMITS. */
  readonly limits?: Limits;
  readonly files?: EngineFiles;
  /** Where Java output and engine warnings go (default: stderr). */
  readonly log?: (line: string) => void;
}

/** The recovering engine in a worker_threads Worker, with the watchdog and heap limit of the limits. Call start(). */
export function nodeEngine(options: NodeEngineOptions = {}): RecoveringEngine {
  const limits = options.limits ?? DEFAULT_LIMITS;
  return new RecoveringEngine({
    spawn: workerSpawn({
      files: options.files ?? locateEngineFiles(),
      classpathJars: options.classpathJars ?? [],
      log: options.log ?? ((line) => void process.stderr.write(`${line}\n`)),
      heapMb: limits.workerHeapMb,
      stackMb: limits.workerStackMb,
      maxResultChars: limits.maxResultChars,
    }),
    callTimeoutMs: limits.callTimeoutMs,
    log: logLine,
    settings: { maxOpenBuffers: limits.maxOpenBuffers },
  });
}
