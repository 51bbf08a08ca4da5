import type { JsonObject } from "../../json/json.js";
import type { ResultCut } from "../core/engine-connection.js";

/** What the workspace needs from an engine: operations plus the buffer map. */
export interface EngineService {
  /** Runs one operation and returns its `result` object, cut as `cut` asks where results are cut; rejects with an EngineError. */
  request(op: string, params: JsonObject, cut?: ResultCut): Promise<JsonObject>;
  /** Opens or replaces a buffer; it is kept (and re-opened after a restart) until closed. */
  open(uri: string, text: string): Promise<void>;
  /** Drops a buffer; false when it was not open. */
  close(uri: string): Promise<boolean>;
  isOpen(uri: string): boolean;
  openCount(): number;
  /** The open buffers' URIs, in the order they were first opened (replacing a buffer keeps its place). */
  openUris(): string[];
}
