import type { MethodHandler } from "../protocol/dispatcher.js";
import { ErrorCode, isJsonObject, RpcError, type JsonObject, type JsonValue } from "../protocol/json-rpc.js";
import { LegacySession, objectParams } from "./legacy-session.js";
import { claimsModernEra, ModernSession, readEnvelope } from "./modern-session.js";
import { MODERN_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from "./protocol-version.js";
import { ServerFeatures, type SessionConfig } from "./server-features.js";
import { logSessionStart, type Era } from "./session-line.js";

/**
 * One stdio connection, both eras (basic/versioning, "Backward Compatibility"). How the client opens decides:
 * - an `initialize` that succeeds makes the connection legacy for good, and from then on every answer is the legacy
 *   server's, `_meta` or not (server/discover included: -32601, as before);
 * - a request whose `_meta` carries a valid 2026-07-28 envelope makes it modern for good; `initialize` is then
 *   refused, and a request without the envelope is -32602.
 * Until one of those happens, a request without a modern claim gets the legacy answer (ping, -32002 before the
 * handshake) and a request with a claim that is invalid gets its modern error; neither decides the era, so a
 * client can correct itself and retry.
 */
export class DualEraSession implements MethodHandler {
  private era: Era | undefined;
  private readonly legacy: LegacySession;
  private readonly modern: ModernSession;

  constructor(config: SessionConfig) {
    const features = new ServerFeatures(config);
    this.legacy = new LegacySession(config, features);
    this.modern = new ModernSession(config, features);
  }

  notification(method: string, _params: JsonObject | JsonValue[] | undefined): void {
    // A modern connection has no notifications to act on (notifications/cancelled is ignored on both eras).
    if (this.era !== "modern") this.legacy.notification(method);
  }

  async request(method: string, params: JsonObject | JsonValue[] | undefined): Promise<JsonObject> {
    if (this.era === "legacy") return this.legacy.request(method, params);
    if (this.era === "modern") return this.modernRequest(method, params);
    if (method === "initialize") {
      const result = await this.legacy.request(method, params);
      if (this.legacy.started) this.era = "legacy";
      return result;
    }
    if (claimsModernEra(params)) return this.modernRequest(method, params);
    return this.legacy.request(method, params);
  }

  private async modernRequest(method: string, params: JsonObject | JsonValue[] | undefined): Promise<JsonObject> {
    if (method === "initialize") {
      // -32022 with the supported versions, as the SDKs expect: a dual-era client whose probe timed out but reached
      // the server re-probes with a modern version instead of failing.
      const requested = isJsonObject(params) && typeof params["protocolVersion"] === "string" ? params["protocolVersion"].slice(0, 100) : "unknown";
      throw new RpcError(
        ErrorCode.UnsupportedProtocolVersion,
        `Unsupported protocol version: this connection speaks ${MODERN_PROTOCOL_VERSION}, which has no initialize; start a new connection for a legacy session`,
        { supported: [...SUPPORTED_PROTOCOL_VERSIONS], requested },
      );
    }
    if (!this.modern.handles(method)) throw ModernSession.methodNotFound(method);
    const envelope = readEnvelope(params);
    if (this.era === undefined) {
      this.era = "modern";
      logSessionStart(envelope.protocolVersion, "modern", envelope.clientInfo);
    }
    return this.modern.request(method, objectParams(params));
  }
}
