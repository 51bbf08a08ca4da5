/** The workspace layer: the operation table, typed results and the Workspace. Runtime-neutral (no Node imports). */
export * from "./operations.js";
export * from "./results.js";
export * from "./source.js";
export { Workspace, type WorkspaceOptions } from "./workspace.js";
export { createWorkspace, EngineWorkspace, type CreateWorkspaceOptions, type WorkspaceProfile } from "./create-workspace.js";
export type { KeptOut } from "../engine/service/index.js";
// results cut to a front end's result limit, most important first (the MCP tools' limit)
export { fitResult, type Fitted } from "../engine/service/index.js";
