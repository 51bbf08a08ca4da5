import { EngineUnavailableError } from "./errors.js";
import { isTeaVmRuntime, type EngineImage, type ModelPackSource } from "./teavm-loader.js";

/** The build outputs, by the names engine-wasm/target/dist/ gives them. */
export const ENGINE_FILE_NAMES = Object.freeze({
  runtime: "groovy-engine.wasm-runtime.js",
  wasm: "groovy-engine.wasm",
  /** The whole class model (every pack). */
  classModel: "classmodel.bin",
  /** The same model's core; its extra packs are `classModelPacks` + name + ".bin". */
  classModelCore: "classmodel-core.bin",
  classModelPacks: "classmodel-packs/",
});

/** Extra packs of the core model under `base`, one fetch each, the first time the engine needs one. */
export function fetchModelPacks(base: string | URL): ModelPackSource {
  return (name) => fetchBytes(new URL(`${ENGINE_FILE_NAMES.classModelPacks}${name}.bin`, base));
}

async function fetchBytes(url: URL): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new EngineUnavailableError(`the engine file ${url.pathname.split("/").pop() ?? ""} could not be fetched (HTTP ${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

export interface FetchImageOptions {
  readonly classpathJars?: readonly Uint8Array[];
  readonly requirement?: string;
  /**
   * Fetch the module's bytes instead of handing TeaVM its URL. By default the URL is passed, so TeaVM compiles it
   * with WebAssembly.compileStreaming and the browser caches the machine code for the next visit (the server must
   * answer it as application/wasm).
   */
  readonly wasmBytes?: boolean;
  /** Fetch the class model's core and its extra packs on first use (what a page wants) instead of the whole. */
  readonly coreModel?: boolean;
}

/**
 * The engine image for a browser (or any runtime with fetch and dynamic import): the three files under `base`
 * (a directory URL ending in "/"). A Web Worker passes this to serveEngineInWorker; a page may pass it to
 * inThreadSpawn.
 */
export async function fetchEngineImage(base: string | URL, options: FetchImageOptions = {}): Promise<EngineImage> {
  const at = (name: string): URL => new URL(name, base);
  const [runtime, wasm, classModel] = await Promise.all([
    import(at(ENGINE_FILE_NAMES.runtime).href) as Promise<unknown>,
    options.wasmBytes === true ? fetchBytes(at(ENGINE_FILE_NAMES.wasm)) : Promise.resolve(at(ENGINE_FILE_NAMES.wasm).href),
    fetchBytes(at(options.coreModel === true ? ENGINE_FILE_NAMES.classModelCore : ENGINE_FILE_NAMES.classModel)),
  ]).catch((error: unknown) => {
    if (error instanceof EngineUnavailableError) throw error;
    throw new EngineUnavailableError(`the engine could not be fetched (${error instanceof Error ? error.message.slice(0, 120) : "network error"})`);
  });
  if (!isTeaVmRuntime(runtime)) throw new EngineUnavailableError("the engine runtime has no load function");
  const image: EngineImage = { runtime, wasm, classModel, ...(options.coreModel === true ? { modelPacks: fetchModelPacks(base) } : {}) };
  return {
    ...image,
    ...(options.classpathJars === undefined ? {} : { classpathJars: options.classpathJars }),
    ...(options.requirement === undefined ? {} : { requirement: options.requirement }),
  };
}
