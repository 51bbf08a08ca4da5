import { quoteClientString } from "../../limits/quote-client-string.js";
import { ErrorCode, isJsonObject, RpcError, type JsonObject, type JsonValue } from "../protocol/json-rpc.js";
import { MODERN_PROTOCOL_VERSIONS, SUPPORTED_PROTOCOL_VERSIONS } from "./protocol-version.js";
import { ServerFeatures, UnknownResourceError, type SessionConfig } from "./server-features.js";
import { INSTRUCTIONS, serverCapabilities, serverInfo } from "./server-identity.js";

/** The reserved `_meta` keys of MCP 2026-07-28 (basic/index, "Per-request protocol fields"). */
export const META_PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
export const META_CLIENT_INFO = "io.modelcontextprotocol/clientInfo";
export const META_CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
export const META_SERVER_INFO = "io.modelcontextprotocol/serverInfo";

/** What a valid modern request says about itself. */
export interface Envelope {
  readonly protocolVersion: string;
  readonly clientInfo: JsonValue | undefined;
}

/**
 * Cache hints (server/utilities/caching). Every list is fixed for the life of the process, and none holds anything
 * user-specific, so they are public for an hour. The limits resource describes this process's configuration
 * (--root, --classpath, environment), so it is private and immediately stale: it is cheap to read again.
 */
const STABLE_TTL_MS = 3_600_000;
const PUBLIC_STABLE = { ttlMs: STABLE_TTL_MS, cacheScope: "public" } as const;
const PRIVATE_STALE = { ttlMs: 0, cacheScope: "private" } as const;
const CACHED_METHODS = ["server/discover", "tools/list", "prompts/list", "resources/list", "resources/templates/list", "resources/read"];
const CONFIGURATION_RESOURCES = ["groovy://server/limits"];

function metaOf(params: JsonObject | JsonValue[] | undefined): JsonObject | undefined {
  if (!isJsonObject(params)) return undefined;
  const meta = params["_meta"];
  return isJsonObject(meta) ? meta : undefined;
}

/** A request claims the modern era when its `_meta` names a protocol version (valid or not). */
export function claimsModernEra(params: JsonObject | JsonValue[] | undefined): boolean {
  const meta = metaOf(params);
  return meta !== undefined && Object.prototype.hasOwnProperty.call(meta, META_PROTOCOL_VERSION);
}

/**
 * Reads a modern request's envelope. A missing or malformed required field is -32602; a version this server does not
 * serve statelessly is the unsupported-version error listing every supported version. The version is checked first,
 * so a client on another revision learns what to retry with even if the rest of its envelope differs.
 */
export function readEnvelope(params: JsonObject | JsonValue[] | undefined): Envelope {
  const meta = metaOf(params);
  const version = meta?.[META_PROTOCOL_VERSION];
  if (meta === undefined || version === undefined) {
    throw new RpcError(ErrorCode.InvalidParams, `Invalid params: _meta["${META_PROTOCOL_VERSION}"] is required on protocol ${MODERN_PROTOCOL_VERSIONS[0]}`);
  }
  if (typeof version !== "string") throw new RpcError(ErrorCode.InvalidParams, `Invalid params: _meta["${META_PROTOCOL_VERSION}"] must be a string`);
  if (!MODERN_PROTOCOL_VERSIONS.includes(version)) {
    const legacy = SUPPORTED_PROTOCOL_VERSIONS.includes(version);
    throw new RpcError(
      ErrorCode.UnsupportedProtocolVersion,
      legacy
        ? `Unsupported protocol version: ${version} is served only after an initialize handshake`
        : `Unsupported protocol version: ${quoteClientString(version, 40)}`,
      { supported: [...SUPPORTED_PROTOCOL_VERSIONS], requested: version.slice(0, 100) },
    );
  }
  if (!isJsonObject(meta[META_CLIENT_CAPABILITIES])) {
    throw new RpcError(ErrorCode.InvalidParams, `Invalid params: _meta["${META_CLIENT_CAPABILITIES}"] must be an object`);
  }
  return { protocolVersion: version, clientInfo: meta[META_CLIENT_INFO] };
}

/** A client string echoed in error data: control characters replaced, cut short, without the quotes. */
function echo(value: JsonValue | undefined): JsonValue {
  return typeof value === "string" ? quoteClientString(value).slice(1, -1) : null;
}

/**
 * The modern era (2026-07-28): stateless, no handshake. Every request carries its envelope; every result carries
 * `resultType`, the server's identity in `_meta`, and cache hints where the revision asks for them. The engine and
 * its open buffers are the process's, so buffers opened by one request serve the next, on either era.
 */
export class ModernSession {
  constructor(
    private readonly config: SessionConfig,
    private readonly features: ServerFeatures,
  ) {}

  /** Whether 2026-07-28 has this method (it has no initialize, ping or logging/setLevel). */
  handles(method: string): boolean {
    return method === "server/discover" || this.features.handles(method);
  }

  /** The error for a method the modern era does not have. */
  static methodNotFound(method: string): RpcError {
    if (method === "ping") return new RpcError(ErrorCode.MethodNotFound, `Method not found: protocol ${MODERN_PROTOCOL_VERSIONS[0]} has no ping`);
    return new RpcError(ErrorCode.MethodNotFound);
  }

  /** Answers a request whose envelope is valid (see readEnvelope). */
  async request(method: string, params: JsonObject): Promise<JsonObject> {
    let result: JsonObject;
    if (method === "server/discover") {
      result = {
        supportedVersions: [...SUPPORTED_PROTOCOL_VERSIONS],
        capabilities: serverCapabilities(),
        instructions: INSTRUCTIONS,
      };
    } else if (this.features.handles(method)) {
      try {
        result = await this.features.answer(method, params);
      } catch (error) {
        if (error instanceof UnknownResourceError) {
          throw new RpcError(ErrorCode.InvalidParams, "Resource not found", { uri: echo(error.uri) });
        }
        throw error;
      }
    } else {
      throw ModernSession.methodNotFound(method);
    }
    return this.complete(method, params, result);
  }

  private complete(method: string, params: JsonObject, result: JsonObject): JsonObject {
    const meta = isJsonObject(result["_meta"]) ? result["_meta"] : {};
    const completed: JsonObject = {
      ...result,
      resultType: "complete",
      _meta: { ...meta, [META_SERVER_INFO]: serverInfo(this.config.serverVersion) },
    };
    if (CACHED_METHODS.includes(method)) {
      const uri = params["uri"];
      const hint = method === "resources/read" && typeof uri === "string" && CONFIGURATION_RESOURCES.includes(uri) ? PRIVATE_STALE : PUBLIC_STABLE;
      completed["ttlMs"] = hint.ttlMs;
      completed["cacheScope"] = hint.cacheScope;
    }
    return completed;
  }
}
