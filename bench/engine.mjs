// bench/engine: the same work on the same facade and Groovy, in WebAssembly (this Node) and on the JVM (HotSpot),
// printed as a table with wasm/JVM ratios. Run with `npm run bench:engine` (needs the engine built and `java`).
import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { loadEngine as loadCore } from "../dist/engine/core/index.js";
import { locateEngineFiles } from "../dist/engine/node/engine-files.js";
import { readEngineImage } from "../dist/engine/node/engine-image.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = process.env.GROOVYMCP_ENGINE_DIR ?? join(root, "engine-wasm", "target", "dist");
const large = join(root, "bench", "inputs", "large-1000.groovy");
const setDir = join(root, "bench", "inputs", "set-50");
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// the one loader (src/engine/core, built to dist/): the same path the server, lint and the browser take
async function loadEngine() {
  const image = await readEngineImage(locateEngineFiles(), []);
  const t0 = performance.now();
  const { exports: e } = await loadCore(image, (line) => process.stderr.write(`engine: ${line}\n`));
  return { e, loadMs: performance.now() - t0 };
}

function call(e, o) {
  const r = e.handle(JSON.stringify(o));
  if (!r.startsWith('{"result"')) throw new Error(r.slice(0, 300));
  return r;
}

function steady(e, uri, text, n) {
  const t = [];
  for (let i = 0; i < n; i++) {
    call(e, { op: "open", uri, text: `${text}\n// edit ${i}` });
    const s = performance.now();
    call(e, { op: "diagnostics", uri });
    t.push(performance.now() - s);
  }
  return median(t);
}

async function wasmHalf() {
  const { e, loadMs } = await loadEngine();
  const text = readFileSync(large, "utf8");
  call(e, { op: "open", uri: "groovy-buffer:bench/large.groovy", text });
  let s = performance.now();
  call(e, { op: "diagnostics", uri: "groovy-buffer:bench/large.groovy" });
  const firstLargeMs = performance.now() - s;
  const steadyLargeMs = steady(e, "groovy-buffer:bench/large.groovy", text, 20);
  call(e, { op: "close", uri: "groovy-buffer:bench/large.groovy" });
  const files = readdirSync(setDir).filter((f) => f.endsWith(".groovy")).sort();
  for (const f of files) call(e, { op: "open", uri: `groovy-buffer:bench/set/${f}`, text: readFileSync(join(setDir, f), "utf8") });
  const first = `groovy-buffer:bench/set/${files[0]}`;
  s = performance.now();
  call(e, { op: "diagnostics", uri: first });
  const firstSetMs = performance.now() - s;
  const firstText = readFileSync(join(setDir, files[0]), "utf8");
  const steadySetMs = steady(e, first, firstText, 10);
  for (let i = 0; i < 200; i++) {
    call(e, { op: "open", uri: first, text: `${firstText}\n// ${i % 7}` });
    call(e, { op: "diagnostics", uri: first });
  }
  return { loadMs, firstLargeMs, steadyLargeMs, firstSetMs, steadySetMs, rssMb: process.memoryUsage().rss / 2 ** 20 };
}

function coldRuns(cmd, args, n) {
  const t = [];
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    const r = spawnSync(cmd, args, { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr.slice(0, 500)}`);
    t.push(performance.now() - s);
  }
  return median(t);
}

if (process.argv[2] === "--cold-wasm") {
  const { e } = await loadEngine();
  call(e, { op: "open", uri: "groovy-buffer:bench/large.groovy", text: readFileSync(large, "utf8") });
  call(e, { op: "diagnostics", uri: "groovy-buffer:bench/large.groovy" });
  process.exit(0);
}

const wasm = await wasmHalf();
const cp = [...readFileSync(join(dist, "jvm-classpath.txt"), "utf8").trim().split(":"),
  ...readdirSync(join(root, "engine-wasm", "facade", "target")).filter((f) => /^engine-facade-.*\.jar$/.test(f))
    .map((f) => join(root, "engine-wasm", "facade", "target", f))].join(":");
const jvmArgs = ["-cp", cp, "io.groovymcp.engine.oracle.BenchMain", join(dist, "classmodel.bin"), large, setDir];
const jr = spawnSync("java", jvmArgs, { encoding: "utf8" });
if (jr.status !== 0) throw new Error(`JVM half failed: ${jr.stderr.slice(0, 1000)}`);
const jvm = JSON.parse(jr.stdout.trim().split("\n").pop());
const coldWasm = coldRuns(process.execPath, [fileURLToPath(import.meta.url), "--cold-wasm"], 5);
const coldJvm = coldRuns("java", [...jvmArgs, "--cold"], 5);
const wasmBytes = statSync(join(dist, "groovy-engine.wasm")).size;
const gz = gzipSync(readFileSync(join(dist, "groovy-engine.wasm")), { level: 9 }).length;

const rows = [
  ["module load (wasm: compile+instantiate+class model; JVM: class model)", wasm.loadMs, jvm.loadMs],
  ["first diagnostics, 1,000-line file", wasm.firstLargeMs, jvm.firstLargeMs],
  ["steady diagnostics after an edit, 1,000-line file (median)", wasm.steadyLargeMs, jvm.steadyLargeMs],
  ["first diagnostics, 50-file set", wasm.firstSetMs, jvm.firstSetMs],
  ["steady diagnostics after an edit, 50-file set (median)", wasm.steadySetMs, jvm.steadySetMs],
  ["cold process to first diagnostics (median of 5)", coldWasm, coldJvm],
  ["RSS after 200 calls (MB)", wasm.rssMb, jvm.rssMb],
];
const f = (x) => x.toFixed(1).padStart(9);
console.log(`| measure | wasm (Node ${process.versions.node}) | JVM (HotSpot) | wasm/JVM |`);
console.log("|---|---:|---:|---:|");
for (const [name, w, j] of rows) console.log(`| ${name} | ${f(w)} | ${f(j)} | ${(w / j).toFixed(2)} |`);
console.log(`| module size raw / gzip (MB) | ${(wasmBytes / 2 ** 20).toFixed(2)} / ${(gz / 2 ** 20).toFixed(2)} | - | - |`);
