/// <reference lib="webworker" />
import { fetchEngineImage, serveEngineInWorker, webWorkerSide, type EngineImage, type WorkerSideEndpoint } from "../../../src/engine/core/index.js";

/**
 * The engine's Web Worker. It speaks the core's worker protocol (the same one the MCP server's worker_threads
 * Worker speaks) and loads the engine through the core's one loader and its image fetch. The engine files are
 * fetched from the page's own origin, where the service worker answers them when offline: the build puts this
 * worker in assets/ and the engine in engine/, side by side. The module is handed to TeaVM by URL, so it compiles by
 * streaming and the browser caches its machine code for later visits.
 *
 * User Timing marks (engine:*) split the load into its steps for bench/playground.mjs.
 */
performance.mark("engine:worker-start");

const base = new URL("../engine/", self.location.href);

// The class model's download starts with the worker and runs while the module is fetched and compiled
// (overlapClassModel). Only its core is fetched here; an extra pack (Swing, Ant, JUnit, the jdk.* modules...) is
// fetched the first time a request needs it, and the service worker keeps it for later visits.
const image = (): Promise<EngineImage> =>
  fetchEngineImage(base, { coreModel: true, overlapClassModel: true, mark: (step) => performance.mark(`engine:${step}`) });

const side = webWorkerSide(self);
const endpoint: WorkerSideEndpoint = {
  postMessage(message) {
    if (message.type === "ready") performance.mark("engine:ready");
    side.postMessage(message);
  },
  onMessage: (handler) => side.onMessage(handler),
};
serveEngineInWorker(endpoint, image);
