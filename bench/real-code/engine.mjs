// The wasm engine for the real-code benches, loaded through the host's own loader (the built dist/ of
// src/engine), so a bench measures exactly what the server runs and no bench keeps its own copy of TeaVM's loading
// code. When src/engine/core lands as the one loader, only this import changes.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Loads the engine; resolves when the module and class model are in (so loadMs is module + class model). */
export async function openEngine() {
  const bridgeJs = join(root, "dist", "engine", "wasm-engine-bridge.js");
  const filesJs = join(root, "dist", "engine", "engine-files.js");
  if (!existsSync(bridgeJs)) throw new Error("dist/ is missing: run `npm run build` first (the benches load the host's engine bridge)");
  const { WasmEngineBridge } = await import(pathToFileURL(bridgeJs).href);
  const { locateEngineFiles } = await import(pathToFileURL(filesJs).href);
  const files = locateEngineFiles();
  const t0 = performance.now();
  const bridge = new WasmEngineBridge(files, []);
  await bridge.request("info", {});
  const loadMs = performance.now() - t0;
  return {
    loadMs,
    files,
    request: (op, params) => bridge.request(op, params),
    open: (uri, text) => bridge.openBuffer(uri, text),
    close: (uri) => bridge.closeBuffer(uri),
    diagnostics: (uri) => bridge.request("diagnostics", { uri }),
  };
}

/** Compiles one text alone (open, diagnostics, close) and returns the diagnostics result. */
export async function diagnoseAlone(engine, uri, text) {
  await engine.open(uri, text);
  try {
    return await engine.diagnostics(uri);
  } finally {
    await engine.close(uri);
  }
}
