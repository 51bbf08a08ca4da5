/**
 * The runtime-neutral engine core: everything a front end (the MCP server, lint, the browser playground) needs to
 * run the Groovy engine. Nothing here imports Node.js; tsconfig.core.json checks that with `types: []`.
 */
export type { JsonObject, JsonValue } from "../../json/json.js";
export { isJsonObject } from "../../json/json.js";
export {
  EngineArgumentError, EngineCallerError, EngineError, EngineInternalError, EngineStateError, EngineTimeoutError,
  EngineUnavailableError, deserializeEngineError, serializeEngineError,
  type EngineErrorKind, type SerializedEngineError,
} from "./errors.js";
export {
  asInt8, ENGINE_COMPILE_OPTIONS, instantiateEngineModule, isTeaVmRuntime, JavaOutputLines, loadEngine, neededPacks, nextTurn, withModelPacks,
  type EngineExports, type EngineImage, type EngineModuleSource, type ModelPackSource, type LoadedEngine, type TeaVmImports, type TeaVmLoadOptions, type TeaVmRuntime,
} from "./teavm-loader.js";
export { EngineClient, parseEngineReply } from "./engine-client.js";
export { ENGINE_FILE_NAMES, fetchEngineImage, fetchModelPacks, type FetchImageOptions } from "./fetch-image.js";
export { inThreadSpawn, type EngineConnection, type InThreadOptions, type ResultCut, type SpawnEngine } from "./engine-connection.js";
export {
  connectToWorker, serveEngineInWorker, webWorkerHost, webWorkerSide, webWorkerSpawn, type MessageTargetLike,
  type HostSideEndpoint, type WorkerConnectionOptions, type WorkerHooks, type WorkerMessage, type WorkerRequest, type WorkerSideEndpoint,
} from "./worker-protocol.js";
