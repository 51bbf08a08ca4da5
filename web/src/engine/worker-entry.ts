/// <reference lib="webworker" />
import {
  ENGINE_FILE_NAMES, EngineUnavailableError, fetchModelPacks, isTeaVmRuntime, serveEngineInWorker, webWorkerSide, type EngineImage,
  type TeaVmRuntime, type WorkerSideEndpoint,
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

const base = new URL("../engine/", self.location.href);
const at = (name: string): string => new URL(name, base).href;

// The class model's download starts with the worker and runs while the module is fetched and compiled. The core's
// fetchEngineImage waits for it before the compile starts (it returns the image whole); on a first visit that put
// the class model's ~0.2 s in front of the compile. Here the image is handed over as soon as TeaVM's runtime is
// imported, and its class model is read only after TeaVM's load has resolved, which waits for the download too.
//
// Only the class model's core is fetched here; an extra pack (Swing, Ant, JUnit, the jdk.* modules...) is fetched
// the first time a request needs it, and the service worker keeps it for later visits.
const classModel: Promise<Uint8Array> = fetch(at(ENGINE_FILE_NAMES.classModelCore)).then(async (response) => {
  if (!response.ok) throw new EngineUnavailableError(`the engine file ${ENGINE_FILE_NAMES.classModelCore} could not be fetched (HTTP ${response.status})`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  performance.mark("engine:class-model-fetched");
  return bytes;
});

async function image(): Promise<EngineImage> {
  let runtime: unknown;
  try {
    runtime = await import(/* @vite-ignore */ at(ENGINE_FILE_NAMES.runtime));
  } catch (error) {
    throw new EngineUnavailableError(`the engine could not be fetched (${error instanceof Error ? error.message.slice(0, 120) : "network error"})`);
  }
  if (!isTeaVmRuntime(runtime)) throw new EngineUnavailableError("the engine runtime has no load function");
  const teavm: TeaVmRuntime = runtime;
  let model: Uint8Array | undefined;
  return {
    runtime: {
      load: async (source, options) => {
        const [loaded, bytes] = await Promise.all([teavm.load(source, options), classModel]);
        performance.mark("engine:module-instantiated");
        model = bytes;
        return loaded;
      },
    },
    wasm: at(ENGINE_FILE_NAMES.wasm),
    modelPacks: fetchModelPacks(base),
    // the core's loadEngine reads this only after runtime.load above has resolved, so the bytes are there
    get classModel(): Uint8Array {
      if (model === undefined) throw new EngineUnavailableError("the class model was read before it was fetched");
      return model;
    },
  };
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
