import { logFailure } from "../../log/log.js";
import { ErrorCode, failure, parseMessage, RpcError, success, type JsonObject, type JsonValue, type Response } from "./json-rpc.js";

/** What the dispatcher routes to: one method call at a time. */
export interface MethodHandler {
  /** Answers a request or throws RpcError; any other exception becomes -32603. */
  request(method: string, params: JsonObject | JsonValue[] | undefined): Promise<JsonObject>;
  /** Notifications are never answered. */
  notification(method: string, params: JsonObject | JsonValue[] | undefined): void;
}

/**
 * Turns one input line into at most one response, in the manner of vscode-jsonrpc's message dispatch:
 * the reader frames lines, this layer validates JSON-RPC and routes, and the writer sends the reply.
 */
export class Dispatcher {
  constructor(private readonly handler: MethodHandler) {}

  async dispatchLine(line: string): Promise<Response | undefined> {
    const message = parseMessage(line);
    switch (message.kind) {
      case "invalid":
        return failure(message.id, message.code);
      case "response":
        return undefined;
      case "notification":
        try {
          this.handler.notification(message.method, message.params);
        } catch (error) {
          logFailure("notification failed", error);
        }
        return undefined;
      case "request":
        try {
          return success(message.id, await this.handler.request(message.method, message.params));
        } catch (error) {
          if (error instanceof RpcError) return failure(message.id, error.code, error.message, error.data);
          logFailure(`request ${message.method.slice(0, 40)} failed`, error);
          return failure(message.id, ErrorCode.InternalError);
        }
    }
  }

  /** The reply to a line that exceeded the message cap. */
  oversizedLine(): Response {
    return failure(null, ErrorCode.InvalidRequest, "Invalid Request: message exceeds the 2 MiB limit");
  }
}
