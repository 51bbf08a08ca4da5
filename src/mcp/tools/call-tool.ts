import { isJsonObject, type JsonObject } from "../../json/json.js";
import {
  EngineCallerError, EngineTimeoutError, EngineUnavailableError,
} from "../../engine/core/errors.js";
import { CALL_TIMEOUT_VARIABLE, type Limits } from "../../limits/limits.js";
import { logLine } from "../../log/log.js";
import type { ResultCut } from "../../workspace/index.js";
import type { OperationArguments, OperationName } from "../../workspace/operations.js";
import type { Workspace } from "../../workspace/workspace.js";
import { schemaMismatch, validateArguments } from "./argument-validation.js";
import { findTool } from "./tool-definitions.js";

/**
 * A tools/call result (MCP CallToolResult). A failed call carries its message as text content with isError and
 * no structuredContent: clients (the TypeScript SDK, the Inspector) validate structuredContent against the tool's
 * outputSchema even when isError is set, so an `{error}` object would hide the message (docs/architecture.md).
 */
export type ToolResult =
  | { content: [{ type: "text"; text: string }]; structuredContent: JsonObject }
  | { content: [{ type: "text"; text: string }]; isError: true };

export function errorResult(message: string): ToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}

function successResult(structured: JsonObject, limits: Limits): ToolResult {
  // The result was cut once, in the engine's worker, to the result limit and maxResults, most important first
  // (src/engine/node/engine-worker.ts, src/engine/service/result-fitting.ts); here it is only measured. The error
  // stays for a result that cannot be cut or whose empty list does not fit: the worker sends those as they are.
  const text = JSON.stringify(structured);
  if (text.length > limits.maxResultChars) {
    return errorResult(
      `the result is larger than the result limit of ${limits.maxResultChars} characters of JSON; narrow the request (for example with maxResults or a smaller source)`,
    );
  }
  return { content: [{ type: "text", text }], structuredContent: structured };
}

export interface ToolContext {
  readonly workspace: Workspace;
  readonly limits: Limits;
}

/**
 * Handles tools/call once the name and arguments object are known. Every caller mistake becomes an error result,
 * and so do an unavailable engine and a call stopped by the watchdog; engine bugs (EngineInternalError) propagate
 * and become -32603.
 */
export async function callTool(name: string, args: JsonObject, context: ToolContext): Promise<ToolResult> {
  const tool = findTool(name, context.limits);
  if (tool === undefined) return errorResult("unknown tool");
  const invalid = await validateArguments(tool.inputSchema, args);
  if (invalid !== undefined) return errorResult(invalid);
  // groovy_diagnostics' maxResults is not the engine's (it returns every diagnostic) but the worker's cut's: taken
  // off the arguments and sent with the request instead
  let cut: ResultCut | undefined;
  if (tool.op === "diagnostics" && typeof args["maxResults"] === "number") {
    cut = { maxResults: args["maxResults"] };
    const { maxResults: _taken, ...rest } = args;
    args = rest;
  }
  let structured: unknown;
  try {
    structured =
      tool.op === "close"
        ? { closed: await context.workspace.close(args["uri"] as string) }
        : await context.workspace.run(tool.op, args as unknown as OperationArguments[OperationName], cut);
  } catch (error) {
    if (error instanceof EngineCallerError) return errorResult(error.message);
    if (error instanceof EngineUnavailableError) return errorResult(`the Groovy engine is not available: ${error.message}`);
    if (error instanceof EngineTimeoutError) return errorResult(`${error.message} (${CALL_TIMEOUT_VARIABLE})`);
    throw error;
  }
  if (!isJsonObject(structured)) throw new Error("engine result is not an object");
  const result = successResult(structured, context.limits);
  // What is sent is validated, after the cut: the same check on the answer, and far cheaper on the main thread
  // (where ping waits) than validating 52k diagnostics only to send a few thousand of them.
  if ("structuredContent" in result) {
    const mismatch = await schemaMismatch(tool.outputSchema, result.structuredContent);
    if (mismatch !== undefined) {
      logLine(`engine result for ${tool.name} does not match its output schema: ${mismatch}`);
      throw new Error("engine result does not match the output schema");
    }
  }
  return result;
}
