/**
 * The one error taxonomy of the engine, the workspace and every front end:
 * - a caller mistake: `argument` (bad input) or `state` (e.g. a buffer that is not open): the caller can fix it;
 * - `internal`: a bug (an engine trap, an escaped Java exception, a reply that breaks the contract);
 * - `unavailable`: the engine cannot run here (files missing, no WebAssembly GC);
 * - `timeout`: a call ran past the call time limit and was stopped.
 * Messages of caller mistakes, `unavailable` and `timeout` are safe to show the caller; `internal` messages never
 * quote source text.
 */
export type EngineErrorKind = "argument" | "state" | "internal" | "unavailable" | "timeout";

export abstract class EngineError extends Error {
  abstract readonly kind: EngineErrorKind;
}

/** A mistake the caller can fix (`argument` or `state`). */
export abstract class EngineCallerError extends EngineError {
  abstract override readonly kind: "argument" | "state";
}

export class EngineArgumentError extends EngineCallerError {
  readonly kind = "argument";
  override readonly name: string = "EngineArgumentError";
}

export class EngineStateError extends EngineCallerError {
  readonly kind = "state";
  override readonly name: string = "EngineStateError";
}

export class EngineInternalError extends EngineError {
  readonly kind = "internal";
  override readonly name: string = "EngineInternalError";
  /** True when the engine instance is gone (a trap, a dead worker): the recovering engine starts a fresh one. */
  readonly instanceLost: boolean;
  /** True when the engine ran out of stack (nesting deeper than the worker's stack holds). */
  readonly stackOverflow: boolean;
  constructor(message: string, options: { instanceLost?: boolean; stackOverflow?: boolean } = {}) {
    super(message);
    this.instanceLost = options.instanceLost ?? false;
    this.stackOverflow = options.stackOverflow ?? false;
  }
}

export class EngineUnavailableError extends EngineError {
  readonly kind = "unavailable";
  override readonly name: string = "EngineUnavailableError";
}

export class EngineTimeoutError extends EngineError {
  readonly kind = "timeout";
  override readonly name: string = "EngineTimeoutError";
  constructor(
    message: string,
    readonly limitMs: number,
  ) {
    super(message);
  }
}

/** The plain shape of an error for postMessage (class identity does not survive structured cloning). */
export interface SerializedEngineError {
  readonly kind: EngineErrorKind;
  readonly message: string;
  readonly instanceLost?: boolean;
  readonly stackOverflow?: boolean;
  readonly limitMs?: number;
}

export function serializeEngineError(error: unknown): SerializedEngineError {
  if (error instanceof EngineTimeoutError) return { kind: "timeout", message: error.message, limitMs: error.limitMs };
  if (error instanceof EngineInternalError) return { kind: "internal", message: error.message, instanceLost: error.instanceLost, stackOverflow: error.stackOverflow };
  if (error instanceof EngineError) return { kind: error.kind, message: error.message };
  const name = error instanceof Error ? error.constructor.name || error.name : typeof error;
  return { kind: "internal", message: `unexpected ${name}` };
}

export function deserializeEngineError(error: SerializedEngineError): EngineError {
  switch (error.kind) {
    case "argument":
      return new EngineArgumentError(error.message);
    case "state":
      return new EngineStateError(error.message);
    case "unavailable":
      return new EngineUnavailableError(error.message);
    case "timeout":
      return new EngineTimeoutError(error.message, error.limitMs ?? 0);
    case "internal":
      return new EngineInternalError(error.message, { instanceLost: error.instanceLost === true, stackOverflow: error.stackOverflow === true });
  }
}
