import { EngineInternalError, EngineUnavailableError } from "./errors.js";

/**
 * The one TeaVM loader. TeaVM's generated runtime (`groovy-engine.wasm-runtime.js`, an ES module) exports
 * `load(source, options)`; given bytes it compiles them itself, so this code needs neither the file system nor
 * fetch: the front end brings the runtime module and the bytes (Node reads files), or in a browser the module's
 * URL, which TeaVM compiles by streaming.
 */

/** The exports of the TeaVM-compiled facade (docs/engine-contract.md). */
export interface EngineExports {
  loadClassModel(bytes: Int8Array): string;
  /**
   * Loads the class model from bytes the host keeps: the engine copies in the index now and each pack the first time a
   * request needs it, through `read`, called synchronously from inside a request (docs/engine-contract.md).
   */
  loadClassModelFrom?(length: number, read: (offset: number, length: number) => Int8Array): string;
  /** Adds one extra pack file of the loaded core model (docs/engine-classmodel.md, "What is where"). */
  addModelPacks(bytes: Int8Array): string;
  addClasspathJar(bytes: Int8Array): string;
  handle(request: string): string;
  /** A tuning aid: sets the parser's DFA budget (entries; 0 leaves it) and returns `{"entries":N}` (docs/engine-contract.md). */
  parserCache?(budget: number): string;
  /** Seeds the parser's DFA from the class model; `{"decisions":D,"states":S}` (docs/engine-contract.md). */
  seedParser?(): string;
}

/**
 * Where the extra packs of a core class model come from (Node: a file beside it; a browser: a fetch the service
 * worker caches). Given a pack's name (a file name without ".bin"), it resolves to that file's bytes.
 */
export type ModelPackSource = (name: string) => Promise<Uint8Array>;

export type TeaVmImports = Record<string, Record<string, unknown>>;

export interface TeaVmLoadOptions {
  installImports?: (imports: TeaVmImports) => void;
}

/**
 * What `import("…/groovy-engine.wasm-runtime.js")` yields. Given bytes, `load` compiles them; given a URL string,
 * it fetches and compiles by streaming (in a browser that lets the browser cache the machine code); given a compiled
 * module (the build's edit of TeaVM's runtime, engine-wasm/wasm/pom.xml), it instantiates that module.
 */
export interface TeaVmRuntime {
  load(source: EngineModuleSource, options?: TeaVmLoadOptions): Promise<{ exports: unknown }>;
}

/**
 * The module as a front end has it: its bytes, its URL (browser), or already compiled (Node compiles it on the host
 * thread while the worker starts, and V8 shares one compiled module between threads).
 */
export type EngineModuleSource = Uint8Array | string | CompiledEngineModule;

/**
 * A `WebAssembly.Module`, compiled with ENGINE_COMPILE_OPTIONS. Typed as an object: the core is checked against
 * lib.webworker and the Node build against a lib without WebAssembly, and only TeaVM's runtime looks inside.
 */
export type CompiledEngineModule = object;

/** The compile options the module needs (TeaVM's strings are JS strings through the js-string builtins). */
export const ENGINE_COMPILE_OPTIONS = { builtins: ["js-string"] } as const;

/** Everything one engine instance is made from. */
export interface EngineImage {
  readonly runtime: TeaVmRuntime;
  /**
   * The module's bytes, or (browser) its URL, compiled by streaming so the browser caches the machine code, or the
   * module already compiled with ENGINE_COMPILE_OPTIONS.
   */
  readonly wasm: EngineModuleSource;
  /** The whole class model, or its core when `modelPacks` brings the rest on first use. The engine reads its packs from these bytes as requests need them, so they stay as they are for the engine's life. */
  readonly classModel: Uint8Array;
  /** The extra packs of a core model, fetched when a request first needs one (absent: the model is whole). */
  readonly modelPacks?: ModelPackSource;
  /** Jar bytes for the compile classpath, in order (already bounded by the front end). */
  readonly classpathJars?: readonly Uint8Array[];
  /** What this runtime must be for the module to load, named when it does not (e.g. "Node.js 22.19 or newer"). */
  readonly requirement?: string;
  /** Start the parser from the build's trained DFA (docs/engine.md "The parser's DFA, seeded"); default true. */
  readonly parserSeed?: boolean;
}

export function isTeaVmRuntime(value: unknown): value is TeaVmRuntime {
  return typeof value === "object" && value !== null && typeof (value as { load?: unknown }).load === "function";
}

function isEngineExports(value: unknown): value is EngineExports {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v["loadClassModel"] === "function" && typeof v["addModelPacks"] === "function" && typeof v["addClasspathJar"] === "function" && typeof v["handle"] === "function";
}

export function asInt8(bytes: Uint8Array): Int8Array {
  return new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Java's System.out and System.err arrive one UTF-16 unit at a time; they are collected into lines (each cut at
 * 2,000 characters) and handed to the sink. Nothing Java prints ever reaches a protocol stream.
 */
export class JavaOutputLines {
  private line = "";
  constructor(private readonly sink: (line: string) => void) {}
  put(code: number): void {
    if (code === 10) {
      this.sink(this.line);
      this.line = "";
      return;
    }
    if (this.line.length < 2000) this.line += String.fromCharCode(code);
  }
}

/** Instantiates the module (no class model yet). Java output goes line by line to `javaOutput`. */
export async function instantiateEngineModule(
  runtime: TeaVmRuntime,
  wasm: EngineModuleSource,
  javaOutput: (line: string) => void,
  requirement = "a runtime with WebAssembly GC, exnref exception handling and js-string builtins",
): Promise<EngineExports> {
  const lines = new JavaOutputLines(javaOutput);
  let instance: { exports: unknown };
  try {
    instance = await runtime.load(wasm, {
      installImports(imports: TeaVmImports): void {
        for (const group of Object.values(imports)) {
          if (typeof group !== "object" || group === null) continue;
          if ("putcharStdout" in group) group["putcharStdout"] = (c: number): void => lines.put(c);
          if ("putcharStderr" in group) group["putcharStderr"] = (c: number): void => lines.put(c);
        }
      },
    });
  } catch (error) {
    const name = error instanceof Error ? error.name : typeof error;
    throw new EngineUnavailableError(`the engine module could not be loaded (${name}); it needs ${requirement}`);
  }
  if (!isEngineExports(instance.exports)) throw new EngineUnavailableError("the engine module lacks the expected exports");
  return instance.exports;
}

/** Lets pending work of the host (an `initialize` reply, a ping) go first between long synchronous steps. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

export interface LoadedEngine {
  readonly exports: EngineExports;
  /** Where the extra packs come from, when the class model loaded is a core. */
  readonly modelPacks?: ModelPackSource;
  /** Jars the engine refused (not a zip, broken class files): they are skipped, the rest still works. */
  readonly refusedJars: number;
}

/** Instantiates the module, loads the class model, then each classpath jar, yielding between steps. */
export async function loadEngine(image: EngineImage, javaOutput: (line: string) => void): Promise<LoadedEngine> {
  const exports = await instantiateEngineModule(image.runtime, image.wasm, javaOutput, image.requirement);
  await nextTurn();
  try {
    const model = image.classModel;
    if (exports.loadClassModelFrom !== undefined) {
      // copying the whole file in cost more at load than the packs a first compile reads (docs/engine.md)
      exports.loadClassModelFrom(model.byteLength, (offset, length) => new Int8Array(model.buffer, model.byteOffset + offset, length));
    } else {
      exports.loadClassModel(asInt8(model));
    }
  } catch {
    throw new EngineUnavailableError("the engine's class model could not be loaded (classmodel.bin does not match the module)");
  }
  if (image.parserSeed !== false && exports.seedParser !== undefined) {
    try {
      exports.seedParser();
    } catch {
      // the seed is built with the module, so this is a build fault; the parser still works from an empty DFA
      javaOutput("the parser seed of this class model could not be read; the parser starts without it");
    }
  }
  let refusedJars = 0;
  for (const jar of image.classpathJars ?? []) {
    await nextTurn();
    try {
      // a jar that overlaps a pack not loaded yet is taken only after that pack is (the engine added nothing)
      await withModelPacks(exports, image.modelPacks, () => exports.addClasspathJar(asInt8(jar)));
    } catch (error) {
      if (error instanceof EngineUnavailableError) throw error;
      refusedJars++;
    }
  }
  return { exports, refusedJars, ...(image.modelPacks === undefined ? {} : { modelPacks: image.modelPacks }) };
}

/** A pack name as the engine gives it: a directory name of our own build, never a path. */
const PACK_NAME = /^[A-Za-z0-9_$-]+(\.[A-Za-z0-9_$-]+)*$/;

/** The packs a `needPacks` reply names (docs/engine-contract.md), or undefined for any other reply. */
export function neededPacks(reply: string): string[] | undefined {
  if (!reply.startsWith('{"error":{"kind":"needPacks"')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(reply);
  } catch {
    return undefined;
  }
  const packs = (value as { error?: { packs?: unknown } }).error?.packs;
  if (!Array.isArray(packs) || packs.length === 0 || !packs.every((p): p is string => typeof p === "string" && PACK_NAME.test(p))) {
    throw new EngineInternalError("engine asked for class model packs with an unusable list");
  }
  return packs;
}

/**
 * Runs one engine call; while the engine answers `needPacks`, adds those packs from `source` and runs the same call
 * again. Each round brings at least one pack the engine did not have, so this ends after at most as many rounds as
 * the model has packs. With no source (a whole model) a `needPacks` cannot happen; if it did, it is an error.
 */
export async function withModelPacks(exports: EngineExports, source: ModelPackSource | undefined, call: () => string): Promise<string> {
  const added = new Set<string>();
  for (;;) {
    const reply = call();
    const packs = neededPacks(reply);
    if (packs === undefined) return reply;
    if (source === undefined) throw new EngineInternalError("engine asked for class model packs, but this class model has no pack source");
    for (const name of packs) {
      if (added.has(name)) throw new EngineInternalError(`engine asked again for class model pack ${name} after it was added`);
      added.add(name);
      let bytes: Uint8Array;
      try {
        bytes = await source(name);
      } catch (error) {
        throw new EngineUnavailableError(`the class model pack ${name} could not be loaded (${error instanceof Error ? error.message.slice(0, 120) : "error"})`);
      }
      try {
        exports.addModelPacks(asInt8(bytes));
      } catch {
        throw new EngineUnavailableError(`the class model pack ${name} does not belong to this engine's class model`);
      }
    }
  }
}
