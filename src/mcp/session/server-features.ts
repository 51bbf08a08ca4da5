import type { Root } from "../../root-guard/confined-file.js";
import type { Limits } from "../../limits/limits.js";
import { ErrorCode, isJsonObject, RpcError, type JsonObject, type JsonValue } from "../protocol/json-rpc.js";
import { getPrompt, listedPrompts, PromptArgumentError } from "../prompts/server-prompts.js";
import { findResource, listedResources, readResource } from "../resources/server-resources.js";
import { callTool } from "../tools/call-tool.js";
import { listedTools } from "../tools/tool-definitions.js";
import type { Workspace } from "../../workspace/workspace.js";
import { ALL_TOOLS, type ToolAllowlist } from "./tool-allowlist.js";

export interface SessionConfig {
  readonly workspace: Workspace;
  readonly limits: Limits;
  readonly root: Root | undefined;
  readonly classpathEntryCount: number;
  readonly serverVersion: string;
  /** GROOVYMCP_TOOLS; absent means every tool. */
  readonly tools?: ToolAllowlist;
}

/** resources/read named no resource; each era answers it with its own error. */
export class UnknownResourceError extends Error {
  constructor(readonly uri: JsonValue | undefined) {
    super("unknown resource");
    this.name = "UnknownResourceError";
  }
}

/** No tool has this name, so tools/call answers it exactly as it answers any unknown tool. */
const NO_SUCH_TOOL = "";

export const FEATURE_METHODS: readonly string[] = [
  "tools/list", "tools/call", "resources/list", "resources/templates/list", "resources/read", "prompts/list", "prompts/get",
];

/**
 * The tools, resources and prompts, the same on both eras. The era layers add what differs: legacy gates them behind
 * the handshake; modern validates each request's `_meta` and adds the 2026-07-28 result fields.
 */
export class ServerFeatures {
  private readonly tools: ToolAllowlist;

  constructor(private readonly config: SessionConfig) {
    this.tools = config.tools ?? ALL_TOOLS;
  }

  handles(method: string): boolean {
    return FEATURE_METHODS.includes(method);
  }

  /** Answers one feature method; `params` is already known to be an object. Throws RpcError or UnknownResourceError. */
  async answer(method: string, params: JsonObject): Promise<JsonObject> {
    const { workspace, limits, root, classpathEntryCount } = this.config;
    switch (method) {
      case "tools/list":
        return { tools: this.listedTools() };
      case "tools/call": {
        const name = params["name"];
        if (typeof name !== "string") throw new RpcError(ErrorCode.InvalidParams, "Invalid params: name must be a string");
        const args = params["arguments"];
        if (args !== undefined && !isJsonObject(args)) {
          throw new RpcError(ErrorCode.InvalidParams, "Invalid params: arguments must be an object");
        }
        return callTool(this.tools.allows(name) ? name : NO_SUCH_TOOL, args ?? {}, { workspace, limits });
      }
      case "resources/list":
        return { resources: listedResources() as JsonValue[] };
      case "resources/templates/list":
        return { resourceTemplates: [] };
      case "resources/read": {
        const uri = params["uri"];
        const resource = typeof uri === "string" ? findResource(uri) : undefined;
        if (resource === undefined) throw new UnknownResourceError(uri);
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

  private listedTools(): JsonValue[] {
    return (listedTools(this.config.limits) as JsonObject[]).filter((tool) => typeof tool["name"] === "string" && this.tools.allows(tool["name"]));
  }
}

/** The names of every tool the server has, before the allowlist. */
export function knownToolNames(limits: Limits): string[] {
  return (listedTools(limits) as JsonObject[]).map((tool) => tool["name"]).filter((name): name is string => typeof name === "string");
}
