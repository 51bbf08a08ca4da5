/** JSON-RPC 2.0 message shapes and validation, as used over MCP's stdio transport. */

import { isJsonObject, type JsonObject, type JsonValue } from "../json/json.js";

export { isJsonObject, type JsonObject, type JsonValue };
export type RequestId = string | number;

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
  return (typeof value === "string") || (typeof value === "number" && Number.isFinite(value));
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
  const id = value["id"];
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
