import type { SerializedEngineError } from "../../../src/engine/core/errors.js";
import type { JsonObject } from "../../../src/json/json.js";

/** Messages between the page and its engine Web Worker (structured-clone safe: plain data only). */
export type ToWorker =
  | { readonly type: "init"; readonly engineBase: string }
  | { readonly type: "call"; readonly id: number; readonly op: string; readonly params: JsonObject };

export type FromWorker =
  | { readonly type: "ready"; readonly loadMs: number }
  | { readonly type: "failed"; readonly error: SerializedEngineError }
  | { readonly type: "reply"; readonly id: number; readonly result: JsonObject }
  | { readonly type: "reply"; readonly id: number; readonly error: SerializedEngineError };
