/** The server's size limits. Every number here is also reported by the groovy://server/limits resource. */
export interface Limits {
  /** Largest accepted JSON-RPC message line, in UTF-8 bytes (a trailing CR is not counted). */
  readonly maxMessageBytes: number;
  /** Largest accepted source, in characters (UTF-16 code units), for `text` and for files read through `path`/`uri`. */
  readonly maxSourceChars: number;
  /** Largest tool result, in characters of its JSON text; a larger result is replaced by an error result. */
  readonly maxResultChars: number;
  /** Most buffers open in the engine at once. */
  readonly maxOpenBuffers: number;
  /**
   * Most characters all open buffers may hold together (issue 13): eight sources at the full per-source limit.
   * Open buffers compile together, and four full-size buffers of records once grew the process to 4.3 GB; past
   * this budget an open is refused with a tool error, and below it the worker heap limit contains the rest.
   */
  readonly maxTotalBufferChars: number;
  /** Longest accepted path or URI argument, in characters. */
  readonly maxPathChars: number;
  /** Longest client string quoted back in an error message. */
  readonly maxQuotedChars: number;
  /** An engine call running longer is stopped and fails with a tool error naming this limit; 0 turns it off. */
  readonly callTimeoutMs: number;
  /**
   * The engine worker's V8 heap limit, in MiB (WasmGC objects live on that heap). Running out of it ends the
   * worker, not the server: the call fails and a fresh worker starts. The engine peaks a little over 1 GB on large
   * real-world projects, so 3 GiB leaves room for those with margin while a runaway compile stays far below the
   * memory of an ordinary machine.
   */
  readonly workerHeapMb: number;
  /**
   * The engine worker's stack, in MiB (V8 runs the wasm frames on it; `resourceLimits.stackSizeMb`). The stock
   * compiler on a default 1 MiB JVM stack gives up at 215-868 levels of nesting, depending on the construct; at
   * 4 MiB the engine already takes 1,000-8,000 (docs/engine.md, "Depth"). 16 MiB gives the cold (baseline-compiled)
   * frames a 4x margin over maxNestingDepth for every construct measured; only the pages a deep compile touches
   * are ever committed.
   */
  readonly workerStackMb: number;
  /**
   * Deepest bracket nesting ((), [], {} outside strings and comments) a buffer may have. A deeper buffer is never
   * compiled: its diagnostics are one "parsing failed" error at the bracket that goes past this depth, as the
   * stock compiler answers "parsing failed" when its stack runs out (at 215-361 levels of brackets).
   */
  readonly maxNestingDepth: number;
}

export const DEFAULT_LIMITS: Limits = Object.freeze({
  maxMessageBytes: 2 * 1024 * 1024,
  maxSourceChars: 524_288,
  maxResultChars: 524_288,
  maxOpenBuffers: 64,
  maxTotalBufferChars: 8 * 524_288,
  maxPathChars: 4096,
  maxQuotedChars: 200,
  callTimeoutMs: 20_000,
  workerHeapMb: 3072,
  workerStackMb: 16,
  maxNestingDepth: 1000,
});

/** What one --classpath jar may cost (src/engine/node/jar-bounds.ts); a jar over a bound is skipped. */
export interface JarBounds {
  /** Entries in its central directory. */
  readonly maxEntries: number;
  /** Inflated size of one class file, in bytes. */
  readonly maxClassBytes: number;
  /** Inflated size of all its class files together, in bytes (other entries are skipped, never inflated). */
  readonly maxJarClassBytes: number;
}

export const DEFAULT_JAR_BOUNDS: JarBounds = Object.freeze({
  // the largest ordinary jars (groovy, scala-library, big frameworks) have ~10-30k entries
  maxEntries: 100_000,
  // real class files are rarely over 1 MiB; the class-file format keeps sane ones far below this
  maxClassBytes: 8 * 1024 * 1024,
  // the inflated classes of the largest ordinary jars are well under 100 MiB
  maxJarClassBytes: 256 * 1024 * 1024,
});

/**
 * What all --classpath jars of one engine may cost together: the sum of their class files' inflated sizes. A jar
 * that would pass it is skipped with a warning naming it; the jars before it still load. The same jar listed twice
 * is read once.
 */
// one engine holds about four times its classes' size while it loads them (measured: 504 MiB of classes peaked at
// 2,163 MB RSS in lint), so this keeps the classpath's share of an engine near 1 GiB
export const MAX_CLASSPATH_CLASS_BYTES = 256 * 1024 * 1024;

/** Environment variables are plain strings; this module takes them as a record so it needs no Node types. */
export type Environment = Readonly<Record<string, string | undefined>>;

export const CALL_TIMEOUT_VARIABLE = "GROOVYMCP_CALL_TIMEOUT_MS";
export const WORKER_HEAP_VARIABLE = "GROOVYMCP_WORKER_HEAP_MB";

/** A limit the environment may set: which variable, which field, and the whole numbers it takes. */
interface LimitKnob {
  readonly variable: string;
  readonly field: "maxResultChars" | "callTimeoutMs" | "workerHeapMb";
  readonly digits: number;
  readonly accepts: (value: number) => boolean;
  /** What the warning says it should be. */
  readonly expected: string;
}

/**
 * The result cap can be lowered (never raised) with GROOVYMCP_MAX_RESULT_CHARS, documented in docs/server.md as a
 * testing knob; it lets the limit tests probe the exact boundary without megabyte-sized results.
 * GROOVYMCP_CALL_TIMEOUT_MS sets the watchdog's call time limit (100 ms to 1 hour; 0 turns it off).
 * GROOVYMCP_WORKER_HEAP_MB lowers (never raises) the worker heap limit, 256 MiB at least: a testing knob that lets
 * the out-of-memory containment be proven with an input well inside the source limits.
 */
const LIMIT_KNOBS: readonly LimitKnob[] = [
  { variable: "GROOVYMCP_MAX_RESULT_CHARS", field: "maxResultChars", digits: 9, accepts: (n) => n >= 2 && n < DEFAULT_LIMITS.maxResultChars, expected: `a whole number from 2 to ${DEFAULT_LIMITS.maxResultChars - 1}` },
  { variable: CALL_TIMEOUT_VARIABLE, field: "callTimeoutMs", digits: 7, accepts: (n) => n === 0 || (n >= 100 && n <= 3_600_000), expected: "0 or a whole number of milliseconds from 100 to 3600000" },
  { variable: WORKER_HEAP_VARIABLE, field: "workerHeapMb", digits: 5, accepts: (n) => n >= 256 && n < DEFAULT_LIMITS.workerHeapMb, expected: `a whole number of MiB from 256 to ${DEFAULT_LIMITS.workerHeapMb - 1}` },
];

/** The knob's value in `raw`, or undefined when `raw` is unset or not a value the knob takes. */
function knobValue(knob: LimitKnob, raw: string | undefined): number | undefined {
  if (raw === undefined || !new RegExp(`^[0-9]{1,${knob.digits}}$`).test(raw)) return undefined;
  const value = Number(raw);
  return knob.accepts(value) ? value : undefined;
}

export function limitsFromEnvironment(env: Environment): Limits {
  let limits: Limits = DEFAULT_LIMITS;
  for (const knob of LIMIT_KNOBS) {
    const value = knobValue(knob, env[knob.variable]);
    if (value !== undefined) limits = { ...limits, [knob.field]: value };
  }
  return Object.freeze(limits);
}

/**
 * One stderr warning per limit variable that is set to a value {@link limitsFromEnvironment} ignores (a blank value
 * counts as unset). The value is quoted with control characters replaced.
 */
export function limitsWarnings(env: Environment, quote: (value: string) => string): string[] {
  return LIMIT_KNOBS.flatMap((knob) => {
    const raw = env[knob.variable];
    if (raw === undefined || raw.trim().length === 0 || knobValue(knob, raw) !== undefined) return [];
    return [`warning: ${knob.variable} is ${quote(raw)}, not ${knob.expected}; it is ignored and the default (${DEFAULT_LIMITS[knob.field]}) applies`];
  });
}
