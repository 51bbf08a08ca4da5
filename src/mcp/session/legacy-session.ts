import { ErrorCode, isJsonObject, RpcError, type JsonObject, type JsonValue } from "../protocol/json-rpc.js";
import { warmUpValidation } from "../tools/argument-validation.js";
import { negotiateProtocolVersion } from "./protocol-version.js";
import { ServerFeatures, UnknownResourceError, type SessionConfig } from "./server-features.js";
import { INSTRUCTIONS, serverCapabilities, serverInfo } from "./server-identity.js";
import { logSessionStart } from "./session-line.js";

type Phase = "new" | "initializing" | "ready";

/** Methods gated by the lifecycle: before `notifications/initialized` they get -32002. */
const GATED_PREFIXES = ["tools/", "resources/", "prompts/"];

/**
 * The legacy era (2024-11-05 … 2025-11-25): the `initialize` handshake, then the features. Its answers are exactly
 * those of the server before it learnt 2026-07-28; a test compares them request by request with that build.
 */
export class LegacySession {
  private phase: Phase = "new";

  constructor(
    private readonly config: SessionConfig,
    private readonly features: ServerFeatures,
  ) {}

  get started(): boolean {
    return this.phase !== "new";
  }

  notification(method: string): void {
    if (method === "notifications/initialized" && this.phase === "initializing") {
      this.phase = "ready";
      setImmediate(warmUpValidation);
    }
    // notifications/cancelled and every other notification are ignored: requests run one at a time to the end.
  }

  async request(method: string, params: JsonObject | JsonValue[] | undefined): Promise<JsonObject> {
    if (method === "ping") return {};
    if (method === "initialize") return this.initialize(params);
    if (GATED_PREFIXES.some((p) => method.startsWith(p))) {
      if (this.phase !== "ready") throw new RpcError(ErrorCode.ServerNotInitialized);
      const objectParamsOnly = objectParams(params);
      if (!this.features.handles(method)) throw new RpcError(ErrorCode.MethodNotFound);
      try {
        return await this.features.answer(method, objectParamsOnly);
      } catch (error) {
        if (error instanceof UnknownResourceError) throw new RpcError(ErrorCode.InvalidParams, "Invalid params: unknown resource");
        throw error;
      }
    }
    throw new RpcError(ErrorCode.MethodNotFound);
  }

  private initialize(rawParams: JsonObject | JsonValue[] | undefined): JsonObject {
    if (this.phase !== "new") throw new RpcError(ErrorCode.InvalidRequest, "Invalid Request: already initialized");
    const params = objectParams(rawParams);
    const requested = params["protocolVersion"];
    if (typeof requested !== "string" || requested.length === 0) {
      throw new RpcError(ErrorCode.InvalidParams, "Invalid params: protocolVersion is required");
    }
    this.phase = "initializing";
    const protocolVersion = negotiateProtocolVersion(requested);
    logSessionStart(protocolVersion, "legacy", params["clientInfo"]);
    return {
      protocolVersion,
      capabilities: serverCapabilities(),
      serverInfo: serverInfo(this.config.serverVersion),
      instructions: INSTRUCTIONS,
    };
  }
}

export function objectParams(params: JsonObject | JsonValue[] | undefined): JsonObject {
  if (params === undefined) return {};
  if (!isJsonObject(params)) throw new RpcError(ErrorCode.InvalidParams);
  return params;
}
