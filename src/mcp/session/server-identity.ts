import type { JsonObject } from "../protocol/json-rpc.js";

/** Who the server says it is, on both eras (initialize's serverInfo; server/discover's and each modern result's _meta). */
export const SERVER_NAME = "groovy-mcp";
export const SERVER_TITLE = "Groovy MCP server (compiler in WebAssembly)";

export const INSTRUCTIONS =
  "groovy-mcp answers questions about Groovy source with the real Groovy compiler, compiled to WebAssembly: diagnostics, types and documentation, definitions, references, implementations, symbols, completion, signatures, semantic tokens, formatting, import organizing and rename edits. Pass source as text, or as a path under the server's --root. It never runs the source and never writes files; edits are returned for you to apply.";

export function serverInfo(version: string): JsonObject {
  return { name: SERVER_NAME, title: SERVER_TITLE, version };
}

/** The same on both eras: no listChanged (the lists are fixed for the life of the process), no subscriptions. */
export function serverCapabilities(): JsonObject {
  return { tools: {}, resources: {}, prompts: {} };
}
