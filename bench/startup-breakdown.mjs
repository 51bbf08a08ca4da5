// bench/startup-breakdown: where a fresh process's first diagnostics go, step by step, in one process per run:
// Node's own start (a `node -e 0` alongside), reading the engine files, compiling + instantiating the module (TeaVM's
// load), loading the class model, then the first and second compile of a ~200-line real file and of the 1,000-line
// file (first minus second = what is cold: V8's baseline code and tier-up, the parser's DFA, decoded stubs).
// With --warm-up, the server's idle warm-up sources are compiled first (2 rounds, as the server does) and timed.
//
//   node scripts/run-with-node24.mjs bench/startup-breakdown.mjs [--runs 3] [--warm-up]
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const self = fileURLToPath(import.meta.url);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function child(f200Path, warmUp) {
  const t = {};
  let s = performance.now();
  const { loadEngine, instantiateEngineModule } = await import(pathToFileURL(join(root, "dist", "engine", "core", "index.js")).href);
  const { locateEngineFiles } = await import(pathToFileURL(join(root, "dist", "engine", "node", "engine-files.js")).href);
  const { readEngineImage } = await import(pathToFileURL(join(root, "dist", "engine", "node", "engine-image.js")).href);
  t.importHost = performance.now() - s;
  s = performance.now();
  const image = await readEngineImage(locateEngineFiles(), []);
  t.readFiles = performance.now() - s;
  s = performance.now();
  // WebAssembly.compile alone (the module's validation + lazy-compilation setup), then TeaVM's full load
  await WebAssembly.compile(image.wasm, { builtins: ["js-string"], importedStringConstants: "'" }).catch(() => WebAssembly.compile(image.wasm));
  t.wasmCompileOnly = performance.now() - s;
  s = performance.now();
  const { exports: e } = await loadEngine(image, () => {});
  t.loadEngine = performance.now() - s;
  void instantiateEngineModule;
  const alone = (uri, text) => {
    const call = (op, p) => JSON.parse(e.handle(JSON.stringify({ op, ...p })));
    call("open", { uri, text });
    const r = call("diagnostics", { uri });
    call("close", { uri });
    if (r.error) throw new Error(JSON.stringify(r.error));
  };
  const time = (f) => {
    const a = performance.now();
    f();
    return performance.now() - a;
  };
  if (warmUp) {
    const { WARM_UP_SOURCES } = await import(pathToFileURL(join(root, "dist", "engine", "node", "warm-up-sources.js")).href);
    t.warmUpSlices = [];
    for (let r = 0; r < 2; r++) for (const [i, src] of WARM_UP_SOURCES.entries()) t.warmUpSlices.push(time(() => alone(`groovymcp-warm-up:/slice${i}.groovy`, src)));
    t.warmUpTotal = t.warmUpSlices.reduce((a, b) => a + b, 0);
    t.warmUpLongest = Math.max(...t.warmUpSlices);
  }
  const f200 = readFileSync(f200Path, "utf8");
  const f1000 = readFileSync(join(root, "bench", "inputs", "large-1000.groovy"), "utf8");
  t.first200 = time(() => alone("groovy-buffer:a.groovy", f200));
  t.second200 = time(() => alone("groovy-buffer:a.groovy", `${f200}\n//`));
  t.first1000 = time(() => alone("groovy-buffer:b.groovy", f1000));
  t.second1000 = time(() => alone("groovy-buffer:b.groovy", `${f1000}\n//`));
  t.rssMb = process.memoryUsage().rss / 2 ** 20;
  process.stdout.write(`${JSON.stringify(t)}\n`);
}

if (process.argv[2] === "--child") await child(process.argv[3], process.argv[4] === "1");
else {
  const { values: opt } = parseArgs({ options: { runs: { type: "string", default: "3" }, "warm-up": { type: "boolean", default: false } } });
  const { realCodeFiles } = await import("./real-code/fetch.mjs");
  const all = await realCodeFiles({ min: 500 });
  const f200 = [...all].sort((x, y) => Math.abs(x.lines - 200) - Math.abs(y.lines - 200) || (x.id < y.id ? -1 : 1))[0];
  const rows = { cold: [], warm: [] };
  const nodeStart = [];
  for (let r = 0; r < Number(opt.runs); r++) {
    let s = performance.now();
    spawnSync(process.execPath, ["-e", "0"]);
    nodeStart.push(performance.now() - s);
    for (const mode of opt["warm-up"] ? ["cold", "warm"] : ["cold"]) {
      s = performance.now();
      const c = spawnSync(process.execPath, [self, "--child", f200.path, mode === "warm" ? "1" : "0"], { encoding: "utf8" });
      if (c.status !== 0) throw new Error(c.stderr);
      rows[mode].push({ ...JSON.parse(c.stdout.trim().split("\n").pop()), processMs: performance.now() - s });
    }
  }
  const f = (x) => (x === undefined ? "" : x >= 100 ? x.toFixed(0) : x.toFixed(1));
  console.log(`## bench/startup-breakdown: Node ${process.versions.node}, median of ${opt.runs}, ${new Date().toISOString().slice(0, 16)}Z, load ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}\n`);
  console.log(`node -e 0: ${f(median(nodeStart))} ms. 200-line file: ${f200.id} (${f200.lines} lines).\n`);
  const keys = ["importHost", "readFiles", "wasmCompileOnly", "loadEngine", "warmUpTotal", "warmUpLongest", "first200", "second200", "first1000", "second1000", "rssMb", "processMs"];
  console.log(`| step | ${Object.keys(rows).filter((k) => rows[k].length).map((k) => (k === "cold" ? "fresh process" : "after the warm-up sources")).join(" | ")} |`);
  console.log(`|---|${Object.keys(rows).filter((k) => rows[k].length).map(() => "---:").join("|")}|`);
  for (const k of keys) console.log(`| ${k} | ${Object.keys(rows).filter((m) => rows[m].length).map((m) => f(rows[m][0][k] === undefined ? undefined : median(rows[m].map((x) => x[k])))).join(" | ")} |`);
}
