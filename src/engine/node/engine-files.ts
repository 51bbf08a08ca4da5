import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { packageFile } from "../../package-file.js";

/**
 * Which form of the class model the server loads. `whole` (the default): classmodel.bin, every pack in one local
 * file; loading it costs the same as loading the core, since only the index is read at start. `core`
 * (GROOVYMCP_CLASS_MODEL=core): classmodel-core.bin, with the extra packs read from classmodel-packs/ when a request
 * first needs one, the path the playground takes over the network.
 */
export type ClassModelForm = "whole" | "core";

/** The build outputs of engine-wasm/ that the host loads. */
export interface EngineFiles {
  readonly directory: string;
  readonly wasm: string;
  readonly runtime: string;
  /** The file loaded at start: the whole model, or its core. */
  readonly classModel: string;
  readonly classModelForm: ClassModelForm;
  /** Where the extra packs of the core are (one `<name>.bin` each). */
  readonly classModelPacks: string;
}

/**
 * Finds the engine's files: GROOVYMCP_ENGINE_DIR when set, else `engine-wasm/target/dist/` in the package root.
 * The npm tarball ships them at that same place.
 */
export function locateEngineFiles(env: NodeJS.ProcessEnv = process.env): EngineFiles {
  const override = env["GROOVYMCP_ENGINE_DIR"];
  const directory =
    override !== undefined && override.length > 0
      ? override
      : fileURLToPath(packageFile("engine-wasm/target/dist/"));
  const form: ClassModelForm = env["GROOVYMCP_CLASS_MODEL"] === "core" ? "core" : "whole";
  return {
    directory,
    wasm: join(directory, "groovy-engine.wasm"),
    runtime: join(directory, "groovy-engine.wasm-runtime.js"),
    classModel: join(directory, form === "core" ? "classmodel-core.bin" : "classmodel.bin"),
    classModelForm: form,
    classModelPacks: join(directory, "classmodel-packs"),
  };
}

/** A stderr warning when GROOVYMCP_CLASS_MODEL is neither `core` nor `whole` (blank counts as unset). */
export function classModelWarning(env: Readonly<Record<string, string | undefined>>, quote: (value: string) => string): string | undefined {
  const raw = env["GROOVYMCP_CLASS_MODEL"];
  if (raw === undefined || raw.trim().length === 0 || raw === "core" || raw === "whole") return undefined;
  return `warning: GROOVYMCP_CLASS_MODEL is ${quote(raw)}, not core or whole; it is ignored and the whole model is loaded`;
}

export function engineFilesPresent(files: EngineFiles): boolean {
  return existsSync(files.wasm) && existsSync(files.runtime) && existsSync(files.classModel);
}
