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
  /**
   * Hand the image over as soon as TeaVM's runtime is imported, and let the class model download while the module
   * compiles: it is read only after TeaVM's load has resolved, which waits for the download too. Without this the
   * image waits for the class model before the compile starts (on a first visit, its ~0.2 s in front of it).
   */
  readonly overlapClassModel?: boolean;
  /** Told when a step of the load is done (a page turns them into User Timing marks for its bench). */
  readonly mark?: (step: "class-model-fetched" | "module-instantiated") => void;
}

/**
 * The engine image for a browser (or any runtime with fetch and dynamic import): the three files under `base`
 * (a directory URL ending in "/"). A Web Worker passes this to serveEngineInWorker; a page may pass it to
 * inThreadSpawn.
 */
export async function fetchEngineImage(base: string | URL, options: FetchImageOptions = {}): Promise<EngineImage> {
  if (options.overlapClassModel === true) return overlappedImage(base, options);
  const at = (name: string): URL => new URL(name, base);
  const [runtime, wasm, classModel] = await Promise.all([
    import(/* @vite-ignore */ at(ENGINE_FILE_NAMES.runtime).href) as Promise<unknown>,
    options.wasmBytes === true ? fetchBytes(at(ENGINE_FILE_NAMES.wasm)) : Promise.resolve(at(ENGINE_FILE_NAMES.wasm).href),
    fetchBytes(at(options.coreModel === true ? ENGINE_FILE_NAMES.classModelCore : ENGINE_FILE_NAMES.classModel)),
  ]).catch((error: unknown) => {
    throw error instanceof EngineUnavailableError ? error : unfetched(error);
  });
  if (!isTeaVmRuntime(runtime)) throw new EngineUnavailableError("the engine runtime has no load function");
  const image: EngineImage = { runtime, wasm, classModel, ...(options.coreModel === true ? { modelPacks: fetchModelPacks(base) } : {}) };
  return {
    ...image,
    ...(options.classpathJars === undefined ? {} : { classpathJars: options.classpathJars }),
    ...(options.requirement === undefined ? {} : { requirement: options.requirement }),
  };
}

function unfetched(error: unknown): EngineUnavailableError {
  return new EngineUnavailableError(`the engine could not be fetched (${error instanceof Error ? error.message.slice(0, 120) : "network error"})`);
}

/** fetchEngineImage with overlapClassModel: the class model's download runs beside the module's compile. */
async function overlappedImage(base: string | URL, options: FetchImageOptions): Promise<EngineImage> {
  const at = (name: string): URL => new URL(name, base);
  const model = fetchBytes(at(options.coreModel === true ? ENGINE_FILE_NAMES.classModelCore : ENGINE_FILE_NAMES.classModel)).then((bytes) => {
    options.mark?.("class-model-fetched");
    return bytes;
  });
  // its failure is reported by the load below, which waits for it
  model.catch(() => undefined);
  const wasm = options.wasmBytes === true ? fetchBytes(at(ENGINE_FILE_NAMES.wasm)).catch((error: unknown) => Promise.reject(error instanceof EngineUnavailableError ? error : unfetched(error))) : undefined;
  let runtime: unknown;
  try {
    runtime = await import(/* @vite-ignore */ at(ENGINE_FILE_NAMES.runtime).href);
  } catch (error) {
    throw unfetched(error);
  }
  if (!isTeaVmRuntime(runtime)) throw new EngineUnavailableError("the engine runtime has no load function");
  const teavm = runtime;
  let classModel: Uint8Array | undefined;
  return {
    runtime: {
      load: async (source, loadOptions) => {
        const [loaded, bytes] = await Promise.all([teavm.load(source, loadOptions), model]);
        options.mark?.("module-instantiated");
        classModel = bytes;
        return loaded;
      },
    },
    wasm: wasm === undefined ? at(ENGINE_FILE_NAMES.wasm).href : await wasm,
    ...(options.coreModel === true ? { modelPacks: fetchModelPacks(base) } : {}),
    ...(options.classpathJars === undefined ? {} : { classpathJars: options.classpathJars }),
    ...(options.requirement === undefined ? {} : { requirement: options.requirement }),
    // the core's loadEngine reads this only after runtime.load above has resolved, so the bytes are there
    get classModel(): Uint8Array {
      if (classModel === undefined) throw new EngineUnavailableError("the class model was read before it was fetched");
      return classModel;
    },
  };
}
