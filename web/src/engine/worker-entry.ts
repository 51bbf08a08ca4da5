/// <reference lib="webworker" />
import { EngineUnavailableError, isTeaVmRuntime, serveEngineInWorker, webWorkerSide, type EngineImage } from "../../../src/engine/core/index.js";

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

async function image(): Promise<EngineImage> {
  const [runtime, wasm, classModel] = await Promise.all([
    import(/* @vite-ignore */ new URL("groovy-engine.wasm-runtime.js", engineBase).href) as Promise<unknown>,
    bytes("groovy-engine.wasm"),
    bytes("classmodel.bin"),
  ]).catch((error: unknown) => {
    if (error instanceof EngineUnavailableError) throw error;
    throw new EngineUnavailableError(`the engine could not be fetched (${error instanceof Error ? error.message.slice(0, 120) : "network error"})`);
  });
  if (!isTeaVmRuntime(runtime)) throw new EngineUnavailableError("the engine's runtime module has no load function");
  return { runtime, wasm, classModel };
}

serveEngineInWorker(webWorkerSide(self), image);
