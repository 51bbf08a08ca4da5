/**
 * The workspace in a browser page: the spawn of engine instances in Web Workers, for createWorkspace. The page
 * imports this and ./index.js, never the engine layers beneath.
 */
export { webWorkerSpawn } from "../engine/core/index.js";
