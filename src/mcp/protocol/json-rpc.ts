/** JSON-RPC 2.0 message shapes and validation, as used over MCP's stdio transport. */

import { isJsonObject, type JsonObject, type JsonValue } from "../../json/json.js";

export { isJsonObject, type JsonObject, type JsonValue };
/**
 * A numeric id kept as the digits the client sent: `JSON.rawJSON(text)`, which `JSON.stringify` writes back
 * verbatim. A double cannot hold every integer above 2^53, and JSON-RPC wants the id echoed exactly.
 */
export interface ExactNumberId {
  readonly rawJSON: string;
}
export type RequestId = string | number | ExactNumberId;

export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  ServerNotInitialized: -32002,
  /** MCP 2026-07-28: the request's `_meta` names a protocol version this server does not serve. */
  UnsupportedProtocolVersion: -32022,
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ERROR_MESSAGES: Record<ErrorCodeValue, string> = {
  [ErrorCode.ParseError]: "Parse error",
  [ErrorCode.InvalidRequest]: "Invalid Request",
  [ErrorCode.MethodNotFound]: "Method not found",
  [ErrorCode.InvalidParams]: "Invalid params",
  [ErrorCode.InternalError]: "Internal error",
  [ErrorCode.ServerNotInitialized]: "Server not initialized",
  [ErrorCode.UnsupportedProtocolVersion]: "Unsupported protocol version",
};

export interface Request {
  kind: "request";
  id: RequestId;
  method: string;
  params: JsonObject | JsonValue[] | undefined;
}
export interface Notification {
  kind: "notification";
  method: string;
  params: JsonObject | JsonValue[] | undefined;
}
/** A reply from the client. This server sends no requests, so these are dropped. */
export interface ClientResponse {
  kind: "response";
}
export interface Invalid {
  kind: "invalid";
  code: ErrorCodeValue;
  id: RequestId | null;
}
export type Incoming = Request | Notification | ClientResponse | Invalid;

export interface SuccessResponse {
  jsonrpc: "2.0";
  id: RequestId;
  result: JsonObject;
}
export interface ErrorResponse {
  jsonrpc: "2.0";
  id: RequestId | null;
  error: { code: number; message: string; data?: JsonValue };
}
export type Response = SuccessResponse | ErrorResponse;

function isValidId(value: unknown): value is RequestId {
  return (typeof value === "string") || (typeof value === "number" && Number.isFinite(value)) || isExactNumberId(value);
}

interface RawJsonApi {
  rawJSON(text: string): ExactNumberId;
  isRawJSON(value: unknown): boolean;
}
/** `JSON.rawJSON` and the reviver's `context.source` come together (V8 11.4+, every Node we run on). */
const rawJsonApi: RawJsonApi | undefined = typeof (JSON as unknown as Partial<RawJsonApi>).rawJSON === "function" ? (JSON as unknown as RawJsonApi) : undefined;

export function isExactNumberId(value: unknown): value is ExactNumberId {
  return rawJsonApi !== undefined && typeof value === "object" && value !== null && rawJsonApi.isRawJSON(value);
}

/**
 * The top-level `id` of a parsed line, exact. A safe integer written the canonical way is kept as a number (the
 * cheap, common case: the line has one `"id":` member and it is spelled that way). Anything else (above 2^53, a fraction, an exponent, `-0`)
 * is parsed again with a reviver that sees each value's source text, and kept as those digits.
 */
function exactId(line: string, id: number): RequestId {
  if (rawJsonApi === undefined) return id;
  if (Number.isSafeInteger(id) && !Object.is(id, -0)) {
    // exactly one `"id":` member in the whole line, spelled the canonical way: nothing to keep
    const members = line.match(/"id"\s*:\s*[^,}\s]*/g);
    if (members !== null && members.length === 1 && new RegExp(`^"id"\\s*:\\s*${id}$`).test(members[0] ?? "")) return id;
  }
  const seen: { holder: unknown; source: string }[] = [];
  let root: unknown;
  JSON.parse(line, function (this: unknown, key: string, value: unknown, context?: { source?: string }) {
    if (key === "id" && typeof value === "number" && typeof context?.source === "string") seen.push({ holder: this, source: context.source });
    if (key === "") root = value;
    return value;
  });
  const mine = seen.find((entry) => entry.holder === root);
  return mine === undefined ? id : rawJsonApi.rawJSON(mine.source);
}

/** Parses one line into a classified message. Never throws. */
export function parseMessage(line: string): Incoming {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { kind: "invalid", code: ErrorCode.ParseError, id: null };
  }
  if (Array.isArray(value)) return { kind: "invalid", code: ErrorCode.InvalidRequest, id: null };
  if (!isJsonObject(value)) return { kind: "invalid", code: ErrorCode.InvalidRequest, id: null };

  const hasId = Object.prototype.hasOwnProperty.call(value, "id");
  const rawId = value["id"];
  const id = typeof rawId === "number" && Number.isFinite(rawId) ? exactId(line, rawId) : rawId;
  const idForError = hasId && isValidId(id) ? id : null;
  if (value["jsonrpc"] !== "2.0") return { kind: "invalid", code: ErrorCode.InvalidRequest, id: idForError };

  const hasMethod = Object.prototype.hasOwnProperty.call(value, "method");
  if (!hasMethod) {
    const isResponse = hasId && (Object.prototype.hasOwnProperty.call(value, "result") || Object.prototype.hasOwnProperty.call(value, "error"));
    if (isResponse) return { kind: "response" };
    return { kind: "invalid", code: ErrorCode.InvalidRequest, id: idForError };
  }
  const method = value["method"];
  if (typeof method !== "string" || method.length === 0) return { kind: "invalid", code: ErrorCode.InvalidRequest, id: idForError };
  if (hasId && !isValidId(id)) return { kind: "invalid", code: ErrorCode.InvalidRequest, id: null };

  const hasParams = Object.prototype.hasOwnProperty.call(value, "params");
  const params = value["params"];
  if (hasParams && typeof params !== "object") return { kind: "invalid", code: ErrorCode.InvalidRequest, id: idForError };
  if (hasParams && params === null) return { kind: "invalid", code: ErrorCode.InvalidRequest, id: idForError };
  const typedParams = hasParams ? (params as JsonObject | JsonValue[]) : undefined;

  if (hasId) return { kind: "request", id: id as RequestId, method, params: typedParams };
  return { kind: "notification", method, params: typedParams };
}

export function success(id: RequestId, result: JsonObject): SuccessResponse {
  return { jsonrpc: "2.0", id, result };
}

export function failure(id: RequestId | null, code: ErrorCodeValue, message?: string, data?: JsonValue): ErrorResponse {
  const error: ErrorResponse["error"] = { code, message: message ?? ERROR_MESSAGES[code] };
  if (data !== undefined) error.data = data;
  return { jsonrpc: "2.0", id, error };
}

/** Thrown by a method handler to answer with a JSON-RPC error. */
export class RpcError extends Error {
  constructor(
    readonly code: ErrorCodeValue,
    message?: string,
    /** The error object's `data` member, when the protocol defines one (e.g. the supported versions). */
    readonly data?: JsonValue,
  ) {
    super(message ?? ERROR_MESSAGES[code]);
    this.name = "RpcError";
  }
}
