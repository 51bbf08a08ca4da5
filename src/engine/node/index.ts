/**
 * The engine on Node.js: where its files are, reading them, the classpath bounds, and the worker_threads host.
 * `nodeSpawn()` is the spawn a Node front end hands to createWorkspace (src/workspace/node.ts). (The jar bounds are
 * not re-exported: they load fflate, which only the worker needs.)
 */
import type { SpawnEngine } from "../core/index.js";
import { RecoveringEngine } from "../service/index.js";
import { DEFAULT_LIMITS, type Limits } from "../../limits/limits.js";
import { logLine } from "../../log/log.js";
import { locateEngineFiles, type EngineFiles } from "./engine-files.js";
import { memoryPolicy, memoryPolicyWarning, SPEED_MEMORY } from "./memory-policy.js";
import { classModelWarning } from "./engine-files.js";
import { parserSeedWarning } from "./parser-seed.js";
import { node22TieringWarning } from "./v8-flags.js";
import { warmUpWarning } from "../service/index.js";
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

export interface NodeSpawnOptions {
  /** Whose engine it is: the server's (and check's) memory policy is lean unless GROOVYMCP_MEMORY says otherwise, lint's is speed. */
  readonly profile: "server" | "lint" | "check";
  /** Absolute paths of the --classpath jars (bounded and read in the worker). */
  readonly classpathJars?: readonly string[];
  /** workerHeapMb, workerStackMb and (server) maxResultChars are used. Default: DEFAULT_LIMITS. */
  readonly limits?: Limits;
  readonly files?: EngineFiles;
  /** Where Java output and engine warnings go (default: stderr). */
  readonly log?: (line: string) => void;
}

/**
 * Engine instances in worker_threads Workers. Only the server's results are cut to the result limit in the worker
 * (lint and check read every finding; the MCP tools' limit is not theirs). Lint runs a batch whose time counts over
 * many distinct files, so it keeps the speed memory policy, whose DFA is never cleared and re-warmed.
 */
export function nodeSpawn(options: NodeSpawnOptions): SpawnEngine {
  const limits = options.limits ?? DEFAULT_LIMITS;
  return workerSpawn({
    files: options.files ?? locateEngineFiles(),
    classpathJars: options.classpathJars ?? [],
    log: options.log ?? ((line) => void process.stderr.write(`${line}\n`)),
    heapMb: limits.workerHeapMb,
    stackMb: limits.workerStackMb,
    ...(options.profile === "server" ? { maxResultChars: limits.maxResultChars } : {}),
    ...(options.profile === "lint" ? { memory: memoryPolicy(process.env, SPEED_MEMORY) } : {}),
  });
}

/** The recovering engine in a worker_threads Worker (the server's spawn), with the watchdog and heap limit of the limits. Call start(). */
export function nodeEngine(options: NodeEngineOptions = {}): RecoveringEngine {
  const limits = options.limits ?? DEFAULT_LIMITS;
  return new RecoveringEngine({
    spawn: nodeSpawn({ profile: "server", ...options }),
    callTimeoutMs: limits.callTimeoutMs,
    log: logLine,
    settings: { maxOpenBuffers: limits.maxOpenBuffers },
  });
}

/**
 * One line for each engine variable (GROOVYMCP_MEMORY, _WARMUP, _CLASS_MODEL, _PARSER_SEED, Node 22's tiering) set
 * to a value its reader ignores; each check sits next to its reader.
 */
export function engineEnvironmentWarnings(env: Readonly<Record<string, string | undefined>>, quote: (value: string) => string): string[] {
  return [memoryPolicyWarning(env, quote), warmUpWarning(env, quote), classModelWarning(env, quote), parserSeedWarning(env, quote), node22TieringWarning(env, quote)].filter(
    (w): w is string => w !== undefined,
  );
}
