import { setFlagsFromString } from "node:v8";

/**
 * V8 flags the engine needs on this Node.js, applied once in the main thread before the first worker compiles the
 * module (V8 flags are per process; a Worker's execArgv cannot carry them).
 *
 * Node 22 (V8 12.4): its optimising tier for WasmGC runs away on this module: the process grows by ~70-125 MiB/s
 * from launch with no request (it reached 23 GB), and SIGTERM and stdin EOF are never handled because the exit
 * waits on the compiling worker. With `--liftoff-only` (baseline compiler only) it stays flat at ~140 MiB and
 * exits at once (measured on 22.23.3; test/host/node22.test.ts). Node 24 and 26 are unaffected and get no flag.
 *
 * `--wasm-tiering-budget=180000` also contains the runaway and keeps TurboFan: on real code it compiles 2.0x faster
 * warm than `--liftoff-only` at 1.15x the peak RSS (docs/engine-performance.md, "Node 22"). It only works when given
 * on the command line (set at run time, the process still ran away), so this module cannot apply it; when the
 * process was started with it (a launcher or a client config), that choice stands and `--liftoff-only` is not added.
 */
export function engineV8Flags(nodeMajor: number, execArgv: readonly string[] = []): string[] {
  if (nodeMajor !== 22) return [];
  if (execArgv.some((a) => a.startsWith("--wasm-tiering-budget") || a === "--liftoff-only")) return [];
  return ["--liftoff-only"];
}

let applied = false;

export function applyEngineV8Flags(nodeVersion: string = process.versions.node, execArgv: readonly string[] = process.execArgv): void {
  if (applied) return;
  applied = true;
  for (const flag of engineV8Flags(Number(nodeVersion.split(".")[0]), execArgv)) setFlagsFromString(flag);
}
