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
  /** Longest accepted path or URI argument, in characters. */
  readonly maxPathChars: number;
  /** Longest client string quoted back in an error message. */
  readonly maxQuotedChars: number;
}

export const DEFAULT_LIMITS: Limits = Object.freeze({
  maxMessageBytes: 2 * 1024 * 1024,
  maxSourceChars: 524_288,
  maxResultChars: 524_288,
  maxOpenBuffers: 64,
  maxPathChars: 4096,
  maxQuotedChars: 200,
});

/**
 * The result cap can be lowered (never raised) with GROOVYMCP_MAX_RESULT_CHARS, documented in the README as a
 * testing knob; it lets the limit tests probe the exact boundary without megabyte-sized results.
 */
export function limitsFromEnvironment(env: NodeJS.ProcessEnv): Limits {
  const raw = env["GROOVYMCP_MAX_RESULT_CHARS"];
  if (raw === undefined || !/^[0-9]{1,9}$/.test(raw)) return DEFAULT_LIMITS;
  const value = Number(raw);
  if (value < 2 || value >= DEFAULT_LIMITS.maxResultChars) return DEFAULT_LIMITS;
  return Object.freeze({ ...DEFAULT_LIMITS, maxResultChars: value });
}
