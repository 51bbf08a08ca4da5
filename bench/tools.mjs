// bench/tools: median warm latency of every tool's engine operation on a 1,000-line file, WebAssembly (this Node)
// against the same facade on the JVM, on the same requests. Run with `npm run bench:tools` (needs `java`).
import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { loadEngine } from "../dist/engine/core/index.js";
import { locateEngineFiles } from "../dist/engine/node/engine-files.js";
import { readEngineImage } from "../dist/engine/node/engine-image.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = process.env.GROOVYMCP_ENGINE_DIR ?? join(root, "engine-wasm", "target", "dist");
const large = join(root, "bench", "inputs", "large-1000.groovy");
const cp = [...readFileSync(join(dist, "jvm-classpath.txt"), "utf8").trim().split(":"),
  ...readdirSync(join(root, "engine-wasm", "facade", "target")).filter((f) => /^engine-facade-.*\.jar$/.test(f))
    .map((f) => join(root, "engine-wasm", "facade", "target", f))].join(":");
const jr = spawnSync("java", ["-cp", cp, "io.groovymcp.engine.oracle.BenchMain", join(dist, "classmodel.bin"), large,
  join(root, "bench", "inputs", "set-50"), "--tools"], { encoding: "utf8", maxBuffer: 1 << 26 });
if (jr.status !== 0) throw new Error(`JVM half failed: ${jr.stderr.slice(0, 1000)}`);
const { requests, jvm } = JSON.parse(jr.stdout.trim().split("\n").pop());

// the one loader (src/engine/core, built to dist/)
const { exports: e } = await loadEngine(await readEngineImage(locateEngineFiles(), []), (line) => process.stderr.write(`engine: ${line}\n`));
e.handle(JSON.stringify({ op: "open", uri: "groovy-buffer:bench/large.groovy", text: readFileSync(large, "utf8") }));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log("| tool (engine op) | wasm median ms | JVM median ms | wasm/JVM | target <= 50 ms |");
console.log("|---|---:|---:|---:|---|");
for (const [tool, req] of Object.entries(requests)) {
  e.handle(req);
  const t = [];
  for (let i = 0; i < 15; i++) {
    const s = performance.now();
    const r = e.handle(req);
    t.push(performance.now() - s);
    if (r.includes('"kind":"internal"')) throw new Error(`${tool}: ${r.slice(0, 300)}`);
  }
  const w = median(t);
  console.log(`| ${tool} | ${w.toFixed(2)} | ${jvm[tool].toFixed(2)} | ${(w / jvm[tool]).toFixed(2)} | ${w <= 50 ? "met" : "missed"} |`);
}
