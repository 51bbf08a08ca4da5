import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The three build outputs of engine-wasm/ that the host loads. */
export interface EngineFiles {
  readonly directory: string;
  readonly wasm: string;
  readonly runtime: string;
  readonly classModel: string;
}

/**
 * Finds the engine's files: GROOVYMCP_ENGINE_DIR when set, else `engine-wasm/target/dist/` in the package root
 * (three levels above this compiled module, dist/engine/node/). The npm tarball ships them at that same place.
 */
export function locateEngineFiles(env: NodeJS.ProcessEnv = process.env): EngineFiles {
  const override = env["GROOVYMCP_ENGINE_DIR"];
  const directory =
    override !== undefined && override.length > 0
      ? override
      : fileURLToPath(new URL("../../../engine-wasm/target/dist/", import.meta.url));
  return {
    directory,
    wasm: join(directory, "groovy-engine.wasm"),
    runtime: join(directory, "groovy-engine.wasm-runtime.js"),
    classModel: join(directory, "classmodel.bin"),
  };
}

export function engineFilesPresent(files: EngineFiles): boolean {
  return existsSync(files.wasm) && existsSync(files.runtime) && existsSync(files.classModel);
}
