import { isJsonObject, type JsonObject } from "../../json/json.js";
import { EngineArgumentError, EngineInternalError, EngineStateError } from "./errors.js";
import { withModelPacks, type EngineExports, type ModelPackSource } from "./teavm-loader.js";

/**
 * The JSON request/response client over the facade's `handle(string): string` (docs/engine-contract.md):
 * one synchronous call, its reply mapped onto the error taxonomy.
 */
export class EngineClient {
  constructor(
    private readonly exports: EngineExports,
    /** The extra packs of a core class model; absent when the model is whole. */
    private readonly modelPacks?: ModelPackSource,
  ) {}

  /**
   * One call. With a core class model, a call whose lookups need an extra pack is answered `needPacks`; the pack
   * is added and the same call sent again, so the caller only ever sees the whole model's answer.
   */
  async call(op: string, params: JsonObject): Promise<JsonObject> {
    const request = JSON.stringify({ ...params, op });
    const raw = await withModelPacks(this.exports, this.modelPacks, () => this.handle(op, request));
    return parseEngineReply(op, raw);
  }

  private handle(op: string, request: string): string {
    let raw: unknown;
    try {
      raw = this.exports.handle(request);
    } catch (error) {
      // A Java exception's message may quote source text, so only a trap's (fixed) message is passed on.
      const what = error instanceof Error && error.name === "RuntimeError" ? `trap: ${error.message.slice(0, 80)}` : `exception ${error instanceof Error ? error.constructor.name : typeof error}`;
      // V8 throws a RangeError through the wasm frames when the stack runs out. Java `finally` blocks did not run
      // on the way out, so the instance is not trusted again; the host answers a depth diagnostic instead.
      const stackOverflow = error instanceof RangeError && /call stack/i.test(error.message);
      throw new EngineInternalError(`engine call ${op} failed (${stackOverflow ? "out of stack" : what})`, { instanceLost: true, stackOverflow });
    }
    if (typeof raw !== "string") throw new EngineInternalError(`engine returned a non-string reply to ${op}`);
    return raw;
  }
}

/** Maps one reply of `handle` to its result, or throws the taxonomy's error. */
export function parseEngineReply(op: string, raw: unknown): JsonObject {
  if (typeof raw !== "string") throw new EngineInternalError(`engine returned a non-string reply to ${op}`);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new EngineInternalError(`engine returned invalid JSON to ${op}`);
  }
  if (isJsonObject(value)) {
    const result = value["result"];
    if (isJsonObject(result)) return result;
    const error = value["error"];
    if (isJsonObject(error)) {
      const message = typeof error["message"] === "string" ? error["message"] : "engine error";
      if (error["kind"] === "argument") throw new EngineArgumentError(message);
      if (error["kind"] === "state") throw new EngineStateError(message);
      // an internal error's message may quote source text; it is not passed on
      throw new EngineInternalError(`engine reported an internal error in ${op}`);
    }
  }
  throw new EngineInternalError(`engine reply to ${op} has neither result nor error`);
}
