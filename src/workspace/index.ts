/** The workspace layer: the operation table, typed results and the Workspace. Runtime-neutral (no Node imports). */
export * from "./operations.js";
export * from "./results.js";
export * from "./source.js";
export { Workspace, type WorkspaceOptions } from "./workspace.js";
