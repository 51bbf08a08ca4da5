import type { JsonObject } from "../protocol/json-rpc.js";

/**
 * The host's view of the Groovy engine (docs/engine-contract.md). The only implementation in src/ is the
 * WebAssembly bridge in wasm-engine-bridge.ts; the interface exists so the protocol layers can be read and tested
 * without the engine in mind.
 */
export interface GroovyEngine {
  /** Runs one engine operation and returns its `result` object. */
  request(op: string, params: JsonObject): Promise<JsonObject>;
  /** Opens or replaces a buffer; the engine keeps it for the session. */
  openBuffer(uri: string, text: string): Promise<void>;
  /** Drops a buffer; false when it was not open. */
  closeBuffer(uri: string): Promise<boolean>;
  isOpen(uri: string): boolean;
  openBufferCount(): number;
}

/** The engine rejected the call's input (`argument`) or state (`state`, e.g. an unknown buffer): a tool error. */
export class EngineRequestError extends Error {
  constructor(
    readonly kind: "argument" | "state",
    message: string,
  ) {
    super(message);
    this.name = "EngineRequestError";
  }
}

/** A bug in the engine (`internal`, a trap or an escaped Java exception): the call fails with -32603. */
export class EngineInternalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EngineInternalError";
  }
}

/** The engine could not be loaded (files missing, or WebAssembly GC unsupported). */
export class EngineUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EngineUnavailableError";
  }
}
