/// <reference lib="webworker" />
import { EngineClient } from "../../../src/engine/core/engine-client.js";
import { EngineUnavailableError, serializeEngineError } from "../../../src/engine/core/errors.js";
import { isTeaVmRuntime, loadEngine } from "../../../src/engine/core/teavm-loader.js";
import type { FromWorker, ToWorker } from "./worker-protocol.js";

/**
 * The engine's Web Worker: it fetches the engine files from its own origin (the service worker answers offline),
 * loads them through the core's one loader and answers calls one at a time. A call that runs away is stopped by
 * the page terminating this worker; the page's recovering engine then starts a fresh one.
 */
declare const self: DedicatedWorkerGlobalScope;

let client: EngineClient | undefined;
const post = (message: FromWorker): void => self.postMessage(message);

async function fetchBytes(url: URL): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new EngineUnavailableError(`the engine file ${url.pathname.split("/").pop() ?? ""} could not be fetched (HTTP ${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

async function init(engineBase: string): Promise<void> {
  const started = performance.now();
  try {
    const base = new URL(engineBase);
    const [runtime, wasm, classModel] = await Promise.all([
      import(/* @vite-ignore */ new URL("groovy-engine.wasm-runtime.js", base).href) as Promise<unknown>,
      fetchBytes(new URL("groovy-engine.wasm", base)),
      fetchBytes(new URL("classmodel.bin", base)),
    ]);
    if (!isTeaVmRuntime(runtime)) throw new EngineUnavailableError("the engine's runtime module has no load function");
    // Java's System.out/err never reach the page; they are kept for the developer console only.
    const loaded = await loadEngine({ runtime, wasm, classModel }, (line) => console.debug(`engine: ${line}`));
    client = new EngineClient(loaded.exports);
    post({ type: "ready", loadMs: performance.now() - started });
  } catch (error) {
    post({ type: "failed", error: serializeEngineError(error instanceof Error && error.name === "TypeError" ? new EngineUnavailableError(`the engine could not be loaded (${error.message.slice(0, 120)})`) : error) });
  }
}

self.onmessage = (event: MessageEvent<ToWorker>): void => {
  const message = event.data;
  if (message.type === "init") {
    void init(message.engineBase);
    return;
  }
  if (client === undefined) {
    post({ type: "reply", id: message.id, error: { kind: "unavailable", message: "the engine is not loaded" } });
    return;
  }
  try {
    post({ type: "reply", id: message.id, result: client.call(message.op, message.params) });
  } catch (error) {
    post({ type: "reply", id: message.id, error: serializeEngineError(error) });
  }
};
