/// <reference lib="webworker" />
import {
  fetchEngineImage, serveEngineInWorker, webWorkerSide, type EngineImage, type TeaVmRuntime, type WorkerSideEndpoint,
} from "../../../src/engine/core/index.js";

/**
 * The engine's Web Worker. It speaks the core's worker protocol (the same one the MCP server's worker_threads
 * Worker speaks) and loads the engine through the core's one loader. The engine files are fetched from the page's
 * own origin, where the service worker answers them when offline: the build puts this worker in assets/ and the
 * engine in engine/, side by side. The module is handed to TeaVM by URL, so it compiles by streaming and the browser
 * caches its machine code for later visits.
 *
 * User Timing marks (engine:*) split the load into its steps for bench/playground.mjs.
 */
performance.mark("engine:worker-start");

function timedRuntime(runtime: TeaVmRuntime): TeaVmRuntime {
  return {
    load: async (source, options) => {
      const loaded = await runtime.load(source, options);
      performance.mark("engine:module-instantiated");
      return loaded;
    },
  };
}

async function image(): Promise<EngineImage> {
  const fetched = await fetchEngineImage(new URL("../engine/", self.location.href));
  performance.mark("engine:image-fetched");
  return { ...fetched, runtime: timedRuntime(fetched.runtime) };
}

const side = webWorkerSide(self);
const endpoint: WorkerSideEndpoint = {
  postMessage(message) {
    if (message.type === "ready") performance.mark("engine:ready");
    side.postMessage(message);
  },
  onMessage: (handler) => side.onMessage(handler),
};
serveEngineInWorker(endpoint, image);
