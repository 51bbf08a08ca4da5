import type { Root } from "../confinement/confined-file.js";
import { ConfinementError, canonicalFileUri } from "../confinement/confined-file.js";
import { EngineRequestError, EngineUnavailableError, type GroovyEngine } from "../engine/groovy-engine.js";
import type { Limits } from "../limits/limits.js";
import { quoteClientString } from "../limits/quote-client-string.js";
import { isJsonObject, type JsonObject, type JsonValue } from "../protocol/json-rpc.js";
import { hasSource, isBufferUri, resolveSource, SourceArgumentError, type SourceArguments } from "../source/resolve-source.js";
import { logLine } from "../transport/stderr-log.js";
import { schemaMismatch, validateArguments } from "./argument-validation.js";
import { findTool, type ToolDefinition } from "./tool-definitions.js";

/** A tools/call result (MCP CallToolResult). */
export interface ToolResult extends JsonObject {
  content: { type: "text"; text: string }[];
  structuredContent: JsonObject;
}

/** A mistake the agent can fix; becomes a result with isError. */
export class ToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ToolError";
  }
}

export function errorResult(message: string): ToolResult {
  return { content: [{ type: "text", text: message }], structuredContent: { error: message }, isError: true };
}

function successResult(structured: JsonObject, limits: Limits): ToolResult {
  const text = JSON.stringify(structured);
  if (text.length > limits.maxResultChars) {
    return errorResult(
      `the result is larger than the result limit of ${limits.maxResultChars} characters of JSON; narrow the request (for example with maxResults or a smaller source)`,
    );
  }
  return { content: [{ type: "text", text }], structuredContent: structured };
}

const MAX_INT = 2_147_483_647;
function clampPosition(value: JsonValue | undefined): number {
  if (typeof value !== "number" || !Number.isFinite(value)) return 0;
  return Math.max(0, Math.min(MAX_INT, Math.trunc(value)));
}

export interface ToolContext {
  readonly engine: GroovyEngine;
  readonly root: Root | undefined;
  readonly limits: Limits;
}

function sourceArguments(args: JsonObject): SourceArguments {
  const pick = (key: string): string | undefined => {
    const value = args[key];
    return typeof value === "string" ? value : undefined;
  };
  return { text: pick("text"), path: pick("path"), uri: pick("uri") };
}

/** Opens the source's buffer in the engine (or checks that a named buffer is open) and returns its uri. */
async function prepareBuffer(args: JsonObject, context: ToolContext): Promise<string> {
  const source = await resolveSource(sourceArguments(args), context.root, context.limits);
  const { engine, limits } = context;
  if (source.kind === "open-buffer") {
    if (!engine.isOpen(source.uri)) {
      throw new ToolError(`no buffer ${quoteClientString(source.uri)} is open; pass its text first`);
    }
    return source.uri;
  }
  if (!engine.isOpen(source.uri) && engine.openBufferCount() >= limits.maxOpenBuffers) {
    throw new ToolError(`too many open buffers (the limit is ${limits.maxOpenBuffers}); close one with groovy_close first`);
  }
  await engine.openBuffer(source.uri, source.text);
  return source.uri;
}

function engineParams(tool: ToolDefinition, args: JsonObject, uri: string | undefined): JsonObject {
  const params: JsonObject = {};
  if (uri !== undefined) params["uri"] = uri;
  for (const key of tool.passThrough) {
    const value = args[key];
    if (value === undefined) continue;
    params[key] = key === "line" || key === "character" ? clampPosition(value) : value;
  }
  return params;
}

async function runTool(tool: ToolDefinition, args: JsonObject, context: ToolContext): Promise<JsonObject> {
  if (tool.source === "none") {
    // groovy_close
    const raw = args["uri"] as string;
    let uri = raw;
    if (!isBufferUri(raw) && raw.startsWith("file:") && context.root !== undefined) {
      uri = (await canonicalFileUri(context.root, raw, context.limits)) ?? raw;
    }
    if (!context.engine.isOpen(uri)) return { closed: false };
    return { closed: await context.engine.closeBuffer(uri) };
  }
  let uri: string | undefined;
  if (tool.source === "required" || hasSource(sourceArguments(args))) {
    uri = await prepareBuffer(args, context);
  } else if (typeof args["query"] !== "string") {
    throw new ToolError("give a source (text, path or uri) for its outline, or a query to search all open buffers");
  }
  return context.engine.request(tool.op, engineParams(tool, args, uri));
}

/**
 * Handles tools/call once the name and arguments object are known. Every agent mistake becomes an error result;
 * engine bugs propagate (EngineInternalError) and become -32603.
 */
export async function callTool(name: string, args: JsonObject, context: ToolContext): Promise<ToolResult> {
  const tool = findTool(name);
  if (tool === undefined) return errorResult("unknown tool");
  const invalid = await validateArguments(tool.inputSchema, args);
  if (invalid !== undefined) return errorResult(invalid);
  let structured: JsonObject;
  try {
    structured = await runTool(tool, args, context);
  } catch (error) {
    if (error instanceof ToolError || error instanceof SourceArgumentError || error instanceof ConfinementError) {
      return errorResult(error.message);
    }
    if (error instanceof EngineRequestError) return errorResult(error.message);
    if (error instanceof EngineUnavailableError) return errorResult(`the Groovy engine is not available: ${error.message}`);
    throw error;
  }
  if (!isJsonObject(structured)) throw new Error("engine result is not an object");
  const mismatch = await schemaMismatch(tool.outputSchema, structured);
  if (mismatch !== undefined) {
    logLine(`engine result for ${tool.name} does not match its output schema: ${mismatch}`);
    throw new Error("engine result does not match the output schema");
  }
  return successResult(structured, context.limits);
}
