import type { JsonObject } from "../protocol/json-rpc.js";

/** Who the server says it is, on both eras (initialize's serverInfo; server/discover's and each modern result's _meta). */
export const SERVER_NAME = "groovy-mcp";
export const SERVER_TITLE = "Groovy MCP server (compiler in WebAssembly)";

export const INSTRUCTIONS =
  "groovy-mcp answers questions about Groovy source with the real Groovy compiler, compiled to WebAssembly: diagnostics, types and documentation, definitions, references, implementations, symbols, completion, signatures, semantic tokens, formatting, import organizing and rename edits. Pass source as text, or as a path under the server's --root. Under --root, a class a file uses but no open buffer declares is looked up by name, the way the Groovy compiler finds sources on its source path (no directory is listed): for each name it could stand for (its import, else the file's package then each star import), p.Q is tried as p/Q.groovy then p/Q.java under, in order, the file's own source root (its folder minus its package path), its module's src/main/groovy, src/main/java, src/test/groovy and src/test/java, the same four under the root, then src, vars and test, then the root itself; only the declarations of what is found are used, and its diagnostics are never reported. To ask about an unsaved edit of a file under --root, pass the edited text with the file's file: URI as uri: it stands in for the file in every later call until you close that uri or send other text. It never runs the source and never writes files; edits are returned for you to apply.";

export function serverInfo(version: string): JsonObject {
  return { name: SERVER_NAME, title: SERVER_TITLE, version };
}

/** The same on both eras: no listChanged (the lists are fixed for the life of the process), no subscriptions. */
export function serverCapabilities(): JsonObject {
  return { tools: {}, resources: {}, prompts: {} };
}
