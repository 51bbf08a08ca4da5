/** The workspace layer: the operation table, typed results and the Workspace. Runtime-neutral (no Node imports). */
export * from "./operations.js";
export * from "./results.js";
export * from "./source.js";
export { Workspace, type WorkspaceOptions } from "./workspace.js";
export { createWorkspace, EngineWorkspace, type CreateWorkspaceOptions, type WorkspaceProfile } from "./create-workspace.js";
export type { KeptOut } from "../engine/service/index.js";
// how a front end wants a result cut where results are cut (the server's worker), passed with Workspace.run
export type { ResultCut } from "../engine/core/engine-connection.js";
