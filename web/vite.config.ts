import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vite";

const webRoot = fileURLToPath(new URL(".", import.meta.url));
const engineDist = join(webRoot, "..", "engine-wasm", "target", "dist");
/**
 * The engine files the page fetches at start; built by the Maven reactor, never committed. The class model is its
 * core (classmodel-core.bin); the extra packs in classmodel-packs/ are copied too but not precached: the engine
 * fetches one the first time a source needs it (docs/engine-classmodel.md, "What is where").
 */
const ENGINE_FILES = ["groovy-engine.wasm", "groovy-engine.wasm-runtime.js", "classmodel-core.bin"] as const;
const EXTRA_PACKS_DIR = "classmodel-packs";
/** What the service worker must hold for a second visit to work with no network. */
const PRECACHE = /\.(html|js|css|wasm|bin|svg|webmanifest)$/;
const COMPRESS = /\.(html|js|css|wasm|bin|svg|json|webmanifest)$/;

/**
 * Copies the engine into dist/engine/, writes the service worker's precache list and build id into sw.js, and
 * writes .br and .gz twins of every large file so a static server can send them compressed.
 */
function playgroundAssets(): Plugin {
  return {
    name: "groovymcp-playground-assets",
    enforce: "post",
    buildStart() {
      const missing = ENGINE_FILES.filter((name) => !existsSync(join(engineDist, name)));
      if (missing.length > 0) {
        this.error(`the engine is not built (missing ${missing.join(", ")} in engine-wasm/target/dist); build it first with "npm run build:engine" (docs/development.md)`);
      }
    },
    generateBundle(_options, bundle) {
      const engine = ENGINE_FILES.map((name) => ({ name: `engine/${name}`, bytes: readFileSync(join(engineDist, name)) }));
      for (const file of engine) this.emitFile({ type: "asset", fileName: file.name, source: file.bytes });
      const packsDir = join(engineDist, EXTRA_PACKS_DIR);
      const packs = existsSync(packsDir) ? readdirSync(packsDir).filter((name) => name.endsWith(".bin")).sort() : [];
      if (packs.length === 0) this.error(`the class model's extra packs are missing in ${packsDir}; rebuild the engine`);
      const packFiles = packs.map((name) => ({ name: `engine/${EXTRA_PACKS_DIR}/${name}`, bytes: readFileSync(join(packsDir, name)) }));
      for (const file of packFiles) this.emitFile({ type: "asset", fileName: file.name, source: file.bytes });
      const sw = Object.values(bundle).find((file) => file.type === "chunk" && file.fileName === "sw.js");
      if (sw === undefined || sw.type !== "chunk") this.error("sw.js was not built");
      const built = Object.keys(bundle).filter((name) => name !== "sw.js" && PRECACHE.test(name) && !name.startsWith("engine/"));
      const files = [...built, ...engine.map((file) => file.name)].sort();
      const hash = createHash("sha256");
      // the packs are part of the build id (a new core needs its own packs) but not of the precache list
      for (const file of [...engine, ...packFiles]) hash.update(file.name).update(file.bytes);
      for (const name of built) {
        const file = bundle[name]!;
        hash.update(name);
        hash.update(file.type === "chunk" ? file.code : typeof file.source === "string" ? file.source : Buffer.from(file.source));
      }
      const id = hash.digest("hex").slice(0, 16);
      // the minifier may quote the placeholders with any of ' " `
      sw.code = sw.code
        .replace(/(["'`])__BUILD_ID__\1/, JSON.stringify(id))
        .replace(/(["'`])__PRECACHE_FILES__\1/, JSON.stringify(["./", ...files]));
      if (sw.code.includes("__BUILD_ID__") || sw.code.includes("__PRECACHE_FILES__")) this.error("sw.js placeholders were not replaced");
    },
    writeBundle(options) {
      const out = options.dir!;
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
      for (const file of walk(out)) {
        if (!COMPRESS.test(file) || statSync(file).size < 1024) continue;
        const bytes = readFileSync(file);
        // a twin that saves little (the class model is compressed inside already) would only cost the visitor a
        // decompression, so it is not written and the file is sent as it is
        const worth = (packed: Buffer): boolean => packed.length < bytes.length * 0.95;
        const gz = gzipSync(bytes, { level: 9 });
        if (worth(gz)) writeFileSync(`${file}.gz`, gz);
        const br = brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
        if (worth(br)) writeFileSync(`${file}.br`, br);
      }
    },
  };
}

export default defineConfig({
  root: webRoot,
  base: "./",
  publicDir: false,
  logLevel: "warn",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 2048,
    rollupOptions: {
      input: { index: join(webRoot, "index.html"), sw: join(webRoot, "src", "sw.ts") },
      output: {
        entryFileNames: (chunk) => (chunk.name === "sw" ? "sw.js" : "assets/[name]-[hash].js"),
      },
    },
  },
  worker: { format: "es" },
  plugins: [playgroundAssets()],
});
