/**
 * The engine service: what every front end's workspace runs on, composed once by createWorkspace (src/workspace):
 * the recovering engine over a spawned instance, the idle warm-up, containment (crash set-aside, the buffer budget,
 * the depth scan) and result fitting. Runtime-neutral like the core below it; tsconfig.core.json checks that.
 */
export type { EngineService } from "./engine-service.js";
export { RecoveringEngine, type RecoveringEngineOptions } from "./recovering-engine.js";
export { ContainedEngine, type ContainedEngineOptions, type ContainmentWords, type KeptOut } from "./contained-engine.js";
export { CUTTABLE_OPERATIONS, fitResult, type Fitted } from "./result-fitting.js";
export { IdleWarmUp, serverWarmUp, warmUpMode, warmUpWarning, WARM_UP_VARIABLE, type IdleWarmUpOptions, type WarmUpMode, type WarmUpReport } from "./idle-warm-up.js";
export { deepestNesting, type NestingPoint } from "./nesting-depth.js";
