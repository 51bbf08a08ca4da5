import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { locateEngineFiles } from "../../src/engine/engine-files.js";

/** The facade's exports, called directly: the parity test compares the engine's own JSON bytes. */
export interface RawEngine {
  loadClassModel(bytes: Int8Array): string;
  addClasspathJar(bytes: Int8Array): string;
  handle(request: string): string;
}

interface Runtime {
  load(
    source: Uint8Array,
    options: { installImports?: (imports: Record<string, Record<string, unknown>>) => void },
  ): Promise<{ exports: unknown }>;
}

/** Loads a fresh instance of the built module with its class model, Java output sent to stderr. */
export async function loadRawEngine(): Promise<RawEngine> {
  const files = locateEngineFiles();
  const runtime = (await import(pathToFileURL(files.runtime).href)) as Runtime;
  const wasm = await readFile(files.wasm);
  const teavm = await runtime.load(new Uint8Array(wasm), {
    installImports(imports) {
      const console = imports["teavmConsole"];
      if (console !== undefined) {
        console["putcharStdout"] = (c: number): void => void process.stderr.write(String.fromCharCode(c));
        console["putcharStderr"] = (c: number): void => void process.stderr.write(String.fromCharCode(c));
      }
    },
  });
  const engine = teavm.exports as RawEngine;
  const model = await readFile(files.classModel);
  engine.loadClassModel(new Int8Array(model.buffer, model.byteOffset, model.byteLength));
  return engine;
}
