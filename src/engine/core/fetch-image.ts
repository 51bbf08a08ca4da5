import { EngineUnavailableError } from "./errors.js";
import { isTeaVmRuntime, type EngineImage } from "./teavm-loader.js";

/** The three build outputs, by the names engine-wasm/target/dist/ gives them. */
export const ENGINE_FILE_NAMES = Object.freeze({
  runtime: "groovy-engine.wasm-runtime.js",
  wasm: "groovy-engine.wasm",
  classModel: "classmodel.bin",
});

async function fetchBytes(url: URL): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new EngineUnavailableError(`the engine file ${url.pathname.split("/").pop() ?? ""} could not be fetched (HTTP ${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * The engine image for a browser (or any runtime with fetch and dynamic import): the three files under `base`
 * (a directory URL ending in "/"). A Web Worker passes this to serveEngineInWorker; a page may pass it to
 * inThreadSpawn.
 */
export async function fetchEngineImage(base: string | URL, extra: { classpathJars?: readonly Uint8Array[]; requirement?: string } = {}): Promise<EngineImage> {
  const at = (name: string): URL => new URL(name, base);
  const [runtime, wasm, classModel] = await Promise.all([
    import(at(ENGINE_FILE_NAMES.runtime).href) as Promise<unknown>,
    fetchBytes(at(ENGINE_FILE_NAMES.wasm)),
    fetchBytes(at(ENGINE_FILE_NAMES.classModel)),
  ]);
  if (!isTeaVmRuntime(runtime)) throw new EngineUnavailableError("the engine runtime has no load function");
  return { runtime, wasm, classModel, ...extra };
}
