import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { EngineUnavailableError, isTeaVmRuntime, type EngineImage, type ModelPackSource } from "../core/index.js";
import { engineFilesPresent, type EngineFiles } from "./engine-files.js";
import { parserSeedEnabled } from "./parser-seed.js";

/**
 * The lowest Node.js the engine module loads on, measured: 22.19.0 (22.18 and older 22s reject the module with a
 * CompileError on an exnref opcode). Keep in step with package.json `engines` and src/cli.ts.
 */
export const ENGINE_NODE_REQUIREMENT = "Node.js 22.19 or newer";

/**
 * Reads the engine's files into an image for the core loader (the module's bytes, unless the host thread already
 * compiled it). Classpath jars come separately (bounded). With the
 * core form of the class model, each extra pack is read from its file the first time a request needs it, and one
 * operator line says so on stderr (the engine asked for the pack by name; the name is checked by the core loader).
 */
export async function readEngineImage(files: EngineFiles, classpathJars: readonly Uint8Array[], compiled: WebAssembly.Module | null = null): Promise<EngineImage> {
  if (!engineFilesPresent(files)) {
    throw new EngineUnavailableError("the engine's WebAssembly files are missing (run `npm run build:engine`)");
  }
  const [wasm, classModel, runtime] = await Promise.all([
    compiled ?? readFile(files.wasm),
    readFile(files.classModel),
    import(pathToFileURL(files.runtime).href) as Promise<unknown>,
  ]);
  if (!isTeaVmRuntime(runtime)) throw new EngineUnavailableError("the engine runtime has no load function");
  const image: EngineImage = { runtime, wasm, classModel, classpathJars, requirement: ENGINE_NODE_REQUIREMENT, parserSeed: parserSeedEnabled(process.env) };
  if (files.classModelForm === "whole") return image;
  const modelPacks: ModelPackSource = async (name) => {
    const bytes = await readFile(join(files.classModelPacks, `${name}.bin`));
    process.stderr.write(`groovymcp: class model pack ${name} loaded\n`);
    return bytes;
  };
  return { ...image, modelPacks };
}
