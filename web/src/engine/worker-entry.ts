/// <reference lib="webworker" />
import {
  EngineUnavailableError, isTeaVmRuntime, serveEngineInWorker, webWorkerSide, type EngineImage, type TeaVmLoadOptions,
  type TeaVmRuntime,
} from "../../../src/engine/core/index.js";

/**
 * The engine's Web Worker. It speaks the core's worker protocol (the same one the MCP server's worker_threads
 * Worker speaks) and loads the engine through the core's one loader. The engine files are fetched from the page's
 * own origin, where the service worker answers them when offline: the build puts this worker in assets/ and the
 * engine in engine/, side by side.
 */
const engineBase = new URL("../engine/", self.location.href);

async function bytes(name: string): Promise<Uint8Array> {
  const response = await fetch(new URL(name, engineBase));
  if (!response.ok) throw new EngineUnavailableError(`the engine file ${name} could not be fetched (HTTP ${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * The TeaVM runtime, told to load the module from its URL rather than from bytes: TeaVM then compiles it with
 * `WebAssembly.compileStreaming`, whose optimised machine code the browser caches, so later visits skip most of the
 * compile and the first diagnostics come sooner. The core's loader still does everything else (imports, Java
 * output, class model). The core's EngineImage carries bytes only; a URL form is requested in its request list.
 */
function streamingRuntime(teavm: TeaVmRuntime, wasmUrl: string): TeaVmRuntime {
  const load = teavm.load as unknown as (source: string, options?: TeaVmLoadOptions) => Promise<{ exports: unknown }>;
  return { load: (_bytes, options) => load(wasmUrl, options) };
}

async function image(): Promise<EngineImage> {
  const [runtime, classModel] = await Promise.all([
    import(/* @vite-ignore */ new URL("groovy-engine.wasm-runtime.js", engineBase).href) as Promise<unknown>,
    bytes("classmodel.bin"),
  ]).catch((error: unknown) => {
    if (error instanceof EngineUnavailableError) throw error;
    throw new EngineUnavailableError(`the engine could not be fetched (${error instanceof Error ? error.message.slice(0, 120) : "network error"})`);
  });
  if (!isTeaVmRuntime(runtime)) throw new EngineUnavailableError("the engine's runtime module has no load function");
  return { runtime: streamingRuntime(runtime, new URL("groovy-engine.wasm", engineBase).href), wasm: new Uint8Array(0), classModel };
}

serveEngineInWorker(webWorkerSide(self), image);
