import type { Root } from "../confinement/confined-file.js";
import type { Limits } from "../limits/limits.js";
import type { MethodHandler } from "../protocol/dispatcher.js";
import { ErrorCode, isJsonObject, RpcError, type JsonObject, type JsonValue } from "../protocol/json-rpc.js";
import { getPrompt, listedPrompts, PromptArgumentError } from "../prompts/server-prompts.js";
import { findResource, listedResources, readResource } from "../resources/server-resources.js";
import { warmUpValidation } from "../tools/argument-validation.js";
import { callTool } from "../tools/call-tool.js";
import { listedTools } from "../tools/tool-definitions.js";
import type { Workspace } from "../workspace/workspace.js";
import { negotiateProtocolVersion } from "./protocol-version.js";

export interface SessionConfig {
  readonly workspace: Workspace;
  readonly limits: Limits;
  readonly root: Root | undefined;
  readonly classpathEntryCount: number;
  readonly serverVersion: string;
}

type Phase = "new" | "initializing" | "ready";

const INSTRUCTIONS =
  "groovy-mcp answers questions about Groovy source with the real Groovy compiler, compiled to WebAssembly: diagnostics, types and documentation, definitions, references, implementations, symbols, completion, signatures, semantic tokens, formatting, import organizing and rename edits. Pass source as text, or as a path under the server's --root. It never runs the source and never writes files; edits are returned for you to apply.";

/** Methods gated by the lifecycle: before `notifications/initialized` they get -32002. */
const GATED_PREFIXES = ["tools/", "resources/", "prompts/"];

/** The MCP lifecycle and method table for one stdio session. */
export class McpSession implements MethodHandler {
  private phase: Phase = "new";

  constructor(private readonly config: SessionConfig) {}

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
      return this.gated(method, this.objectParams(params));
    }
    throw new RpcError(ErrorCode.MethodNotFound);
  }

  private objectParams(params: JsonObject | JsonValue[] | undefined): JsonObject {
    if (params === undefined) return {};
    if (!isJsonObject(params)) throw new RpcError(ErrorCode.InvalidParams);
    return params;
  }

  private initialize(rawParams: JsonObject | JsonValue[] | undefined): JsonObject {
    if (this.phase !== "new") throw new RpcError(ErrorCode.InvalidRequest, "Invalid Request: already initialized");
    const params = this.objectParams(rawParams);
    const requested = params["protocolVersion"];
    if (typeof requested !== "string" || requested.length === 0) {
      throw new RpcError(ErrorCode.InvalidParams, "Invalid params: protocolVersion is required");
    }
    this.phase = "initializing";
    return {
      protocolVersion: negotiateProtocolVersion(requested),
      capabilities: { tools: {}, resources: {}, prompts: {} },
      serverInfo: { name: "groovy-mcp", title: "Groovy MCP server (compiler in WebAssembly)", version: this.config.serverVersion },
      instructions: INSTRUCTIONS,
    };
  }

  private async gated(method: string, params: JsonObject): Promise<JsonObject> {
    const { workspace, limits, root, classpathEntryCount } = this.config;
    switch (method) {
      case "tools/list":
        return { tools: listedTools(limits) as JsonValue[] };
      case "tools/call": {
        const name = params["name"];
        if (typeof name !== "string") throw new RpcError(ErrorCode.InvalidParams, "Invalid params: name must be a string");
        const args = params["arguments"];
        if (args !== undefined && !isJsonObject(args)) {
          throw new RpcError(ErrorCode.InvalidParams, "Invalid params: arguments must be an object");
        }
        return callTool(name, args ?? {}, { workspace, limits });
      }
      case "resources/list":
        return { resources: listedResources() as JsonValue[] };
      case "resources/templates/list":
        return { resourceTemplates: [] };
      case "resources/read": {
        const uri = params["uri"];
        const resource = typeof uri === "string" ? findResource(uri) : undefined;
        if (resource === undefined) throw new RpcError(ErrorCode.InvalidParams, "Invalid params: unknown resource");
        return readResource(resource, { workspace, limits, classpathEntryCount, rootSet: root !== undefined });
      }
      case "prompts/list":
        return { prompts: listedPrompts() as JsonValue[] };
      case "prompts/get": {
        const name = params["name"];
        if (typeof name !== "string") throw new RpcError(ErrorCode.InvalidParams, "Invalid params: name must be a string");
        try {
          return getPrompt(name, params["arguments"], limits);
        } catch (error) {
          if (error instanceof PromptArgumentError) throw new RpcError(ErrorCode.InvalidParams, `Invalid params: ${error.message}`);
          throw error;
        }
      }
      default:
        throw new RpcError(ErrorCode.MethodNotFound);
    }
  }
}
