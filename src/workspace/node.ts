/**
 * The workspace on Node.js: the engine's worker_threads spawn for createWorkspace, and whether the engine's files
 * are there. A Node front end imports this and ./index.js, never the engine layers beneath.
 */
export { engineEnvironmentWarnings, engineFilesPresent, locateEngineFiles, nodeSpawn, type EngineFiles, type NodeSpawnOptions } from "../engine/node/index.js";
