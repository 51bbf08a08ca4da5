// The wasm engine for the real-code benches, loaded through the one loader (src/engine/core, built to dist/), so a
// bench measures exactly what the server, lint and the browser run and no bench keeps its own copy of TeaVM's loading
// code. The engine runs in this thread: the worker hop costs microseconds (bench/worker-hop) and would only blur timings.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** A module of the built host (dist/), by its path under dist/; a clear error when dist/ is not built. */
async function distModule(path) {
  const file = join(root, "dist", ...path.split("/"));
  if (!existsSync(file)) throw new Error("dist/ is missing: run `npm run build` first (the benches load the host's engine core)");
  return import(pathToFileURL(file).href);
}

/** Loads the engine; resolves when the module and class model are in (so loadMs is module + class model). */
export async function openEngine() {
  const { loadEngine } = await distModule("engine/core/index.js");
  const { locateEngineFiles } = await distModule("engine/node/engine-files.js");
  const { readEngineImage } = await distModule("engine/node/engine-image.js");
  const files = locateEngineFiles();
  const image = await readEngineImage(files, []);
  const t0 = performance.now();
  const { exports: e } = await loadEngine(image, (line) => process.stderr.write(`engine: ${line}\n`));
  const loadMs = performance.now() - t0;
  const request = async (op, params) => {
    const reply = JSON.parse(e.handle(JSON.stringify({ op, ...params })));
    if (reply.error !== undefined) throw new Error(`${reply.error.kind}: ${reply.error.message}`);
    return reply.result;
  };
  return {
    loadMs,
    files,
    /** The module's raw exports, for a bench that drives an export the ops do not cover (parserCache). */
    exports: e,
    request,
    open: async (uri, text) => void (await request("open", { uri, text })),
    close: async (uri) => (await request("close", { uri })).closed,
    diagnostics: (uri) => request("diagnostics", { uri }),
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

/**
 * The engine as the MCP server runs it: in the host's worker (dist/engine/node: workerSpawn inside RecoveringEngine,
 * as nodeEngine() builds it), with the worker's limits and the memory policy GROOVYMCP_MEMORY selects. For the rows
 * that measure the server's memory (bench:real's rss); the ops cross a thread, which costs microseconds.
 */
export async function openServerEngine() {
  const { RecoveringEngine } = await distModule("engine/service/index.js");
  const { workerSpawn } = await distModule("engine/node/worker-host.js");
  const { locateEngineFiles } = await distModule("engine/node/engine-files.js");
  const { DEFAULT_LIMITS } = await distModule("limits/limits.js");
  const engine = new RecoveringEngine({
    spawn: workerSpawn({ files: locateEngineFiles(), classpathJars: [], log: (line) => process.stderr.write(`${line}\n`), heapMb: DEFAULT_LIMITS.workerHeapMb, stackMb: DEFAULT_LIMITS.workerStackMb }),
  });
  const t0 = performance.now();
  await engine.ready();
  const loadMs = performance.now() - t0;
  return {
    loadMs,
    request: (op, params) => engine.request(op, params),
    open: (uri, text) => engine.open(uri, text),
    close: (uri) => engine.close(uri),
    diagnostics: (uri) => engine.request("diagnostics", { uri }),
    dispose: () => engine.dispose(),
  };
}
