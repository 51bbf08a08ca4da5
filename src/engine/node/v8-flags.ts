import { setFlagsFromString } from "node:v8";
import type { MemoryPolicy } from "./memory-policy.js";

/**
 * V8 flags the engine needs on this Node.js, applied once in the main thread before the first worker compiles the
 * module (V8 flags are per process; a Worker's execArgv cannot carry them).
 *
 * Node 22 (V8 12.4): its optimising tier for WasmGC runs away on this module: the process grows by ~70-125 MiB/s
 * from launch with no request (it reached 23 GB), and SIGTERM and stdin EOF are never handled because the exit
 * waits on the compiling worker. With `--liftoff-only` (baseline compiler only) it stays flat at ~140 MiB and
 * exits at once (measured on 22.23.3; test/host/node22.test.ts). Node 24 and 26 are unaffected and get no flag.
 *
 * `--wasm-tiering-budget=180000` contains the runaway under load and keeps TurboFan: on real code it compiles 2.0x
 * faster warm than `--liftoff-only` at 1.15x the peak RSS; but an idle process with it still ran away in some starts (docs/performance.md, "Start-up"). It only works when given
 * on the command line (set at run time, the process still ran away), so this module cannot apply it; when the
 * process was started with it (a launcher or a client config), that choice stands and `--liftoff-only` is not added.
 */
export function engineV8Flags(nodeMajor: number, execArgv: readonly string[] = [], memory?: MemoryPolicy): string[] {
  const flags: string[] = [];
  if (nodeMajor === 22 && !execArgv.some((a) => a.startsWith("--wasm-tiering-budget") || a === "--liftoff-only")) flags.push("--liftoff-only");
  // the memory policy's old-generation growth from the start (memory-policy.ts; a deferred one is the worker's to
  // set); a growth given on the command line stands
  if (memory?.heapGrowingPercent !== undefined && memory.heapGrowingFromMb === undefined && !growthOnCommandLine(execArgv)) {
    flags.push(`--heap-growing-percent=${memory.heapGrowingPercent}`);
  }
  return flags;
}

/** Whether the process was started with its own `--heap-growing-percent`, which then stands. */
export function growthOnCommandLine(execArgv: readonly string[]): boolean {
  return execArgv.some((a) => /^--heap[-_]growing[-_]percent/.test(a));
}

let applied = false;

/**
 * Once per process, before the first worker starts. `--heap-growing-percent` set here does reach the workers'
 * isolates: V8 reads it each time it computes an old-generation limit (measured: docs/performance.md,
 * "Memory policies").
 */
export function applyEngineV8Flags(nodeVersion: string = process.versions.node, execArgv: readonly string[] = process.execArgv, memory?: MemoryPolicy): void {
  if (applied) return;
  applied = true;
  for (const flag of engineV8Flags(Number(nodeVersion.split(".")[0]), execArgv, memory)) setFlagsFromString(flag);
}

/** The V8 flag the Node 22 launcher adds (see {@link node22RelaunchArgs}). */
export const NODE22_TIERING_FLAG = "--wasm-tiering-budget=180000";

/** Set in the relaunched child so it never relaunches again, whatever its execArgv says. */
export const RELAUNCHED_ENV = "GROOVYMCP_V8_RELAUNCHED";

/** Opt-in for the Node 22 launcher: `GROOVYMCP_NODE22_TIERING=budget` (why not by default: below). */
export const NODE22_TIERING_ENV = "GROOVYMCP_NODE22_TIERING";

/** A stderr warning when GROOVYMCP_NODE22_TIERING is set to anything but `budget` (blank counts as unset). */
export function node22TieringWarning(env: Readonly<Record<string, string | undefined>>, quote: (value: string) => string): string | undefined {
  const raw = env[NODE22_TIERING_ENV];
  if (raw === undefined || raw.trim().length === 0 || raw === "budget") return undefined;
  return `warning: ${NODE22_TIERING_ENV} is ${quote(raw)}, not budget; it is ignored`;
}

/**
 * Whether the CLI should re-exec itself, and with which node arguments (pure; src/cli.ts applies it).
 * On Node 22 only, when opted in, when the process was not started with a tiering choice already
 * (`--wasm-tiering-budget*` or `--liftoff-only`) and is not itself the relaunched child: returns the arguments for
 * `process.execPath`, i.e. the current execArgv, then {@link NODE22_TIERING_FLAG}, then the script and its arguments
 * (`argv` is `process.argv`: [node, script, ...args]). Otherwise `null`. The flag only takes effect on the command
 * line, which is why a relaunch is the only way to give it.
 *
 * Opt-in, not the default: an idle server started with `--wasm-tiering-budget=180000` still ran away in about 1 of 4
 * starts on a busy machine (RSS +90 MB/s from launch with no request, SIGTERM not handled), so `--liftoff-only`
 * stays the default on Node 22 (measured cost and win: docs/performance.md, "Start-up").
 */
export function node22RelaunchArgs(
  nodeVersion: string,
  execArgv: readonly string[],
  argv: readonly string[],
  options: { relaunched?: boolean; optIn?: boolean } = {},
): string[] | null {
  if (options.relaunched || !options.optIn || Number(nodeVersion.split(".")[0]) !== 22) return null;
  if (execArgv.some((a) => a.startsWith("--wasm-tiering-budget") || a === "--liftoff-only")) return null;
  if (argv.length < 2) return null;
  return [...execArgv, NODE22_TIERING_FLAG, ...argv.slice(1)];
}
