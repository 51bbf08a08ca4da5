// bench/engine-real/rss-levers: host-side levers against the peak RSS of a long run, measured as the server runs the
// engine: in a worker_threads Worker with the server's resourceLimits (3,072 MiB old generation, 16 MiB stack).
// One fresh process per configuration: 200 calls on one file, then a 2,000-file run cycling through every real
// file (the `rss` row of bench/engine-real); prints ms per file, VmHWM, and the worker's heap after a forced GC
// (live data) against before it (live + garbage), so what the peak is made of can be read off.
//
//   node bench/engine-real/rss-levers.mjs [--big 2000] [--calls 200] [--warm 0] [--configs "name=key=value=...;..."]
//
// A configuration is `name=key=value=key=value...`, `flags=` last (comma-separated V8 flags for the process). Keys of
// the emulated worker: young=MiB, old=MiB, budget=DFA entries, gcAfterClear=1 (a full GC after a call that cleared
// the DFA), clear=N (budget N every 50 files), arenas=N (MALLOC_ARENA_MAX). `server=lean|speed` instead drives the
// host's own worker host (dist/engine/node) with that GROOVYMCP_MEMORY policy; `server=custom` with young, growing
// (percent), from (MiB of heap after which the growth applies; absent: from the start), budget and gcAfterClear gives
// the policy lever by lever (near=fraction: the once-per-fill GC). `--warm N` first runs bench:real's 300 warm
// files N rounds and reports the last (use `--big 0 --calls 0` for the warm row alone). Times come with the process
// CPU (all threads), steadier than wall time on a shared machine. The last column splits the highest RSS sample by
// /proc/self/smaps: JS heap (its new space), the wasm code mapping, other anonymous memory (malloc), mapped files.
//
// Run `npm run bench:real` (or `-- --only none`) once first: it writes the file lists this reads.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const work = join(root, "bench", ".cache", "engine-real");
const self = fileURLToPath(import.meta.url);
const status = (k) => Number(readFileSync("/proc/self/status", "utf8").split("\n").find((l) => l.startsWith(k)).replace(/[^0-9]/g, "")) / 1024;

async function workerMain({ list, calls, big, cacheBudgetAfterEach, budget, gcAfterClear, warmList, warmRounds }) {
  const v8 = await import("node:v8");
  const { loadEngine } = await import(pathToFileURL(join(root, "dist", "engine", "core", "index.js")).href);
  const { locateEngineFiles } = await import(pathToFileURL(join(root, "dist", "engine", "node", "engine-files.js")).href);
  const { readEngineImage } = await import(pathToFileURL(join(root, "dist", "engine", "node", "engine-image.js")).href);
  const { exports: ex } = await loadEngine(await readEngineImage(locateEngineFiles(), []), () => {});
  // budget=N: the parser's DFA budget in entries (AtnManager; the engine's default is 1,000,000)
  if (Number(budget) > 0) ex.parserCache(Number(budget));
  const call = (op, p) => {
    const r = JSON.parse(ex.handle(JSON.stringify({ op, ...p })));
    if (r.error) throw new Error(`${r.error.kind}: ${r.error.message}`);
    return r.result;
  };
  const alone = (uri, text) => {
    call("open", { uri, text });
    try {
      call("diagnostics", { uri });
    } finally {
      call("close", { uri });
    }
  };
  const items = readFileSync(list, "utf8").split("\n").filter(Boolean).map((l) => {
    const [path, uri] = l.split("\t");
    return { uri, text: readFileSync(path, "utf8") };
  });
  const heap = () => v8.getHeapStatistics();
  let maxUsed = 0;
  let maxTotal = 0;
  let peakRss = 0;
  let atPeak;
  const sample = (k) => {
    const h = heap();
    maxUsed = Math.max(maxUsed, h.used_heap_size);
    maxTotal = Math.max(maxTotal, h.total_heap_size);
    // every 100 files: where the resident memory is when it is highest (smaps is a few ms to read)
    if (k % 100 === 0) {
      const rss = status("VmRSS:");
      if (rss > peakRss) {
        peakRss = rss;
        atPeak = { k, rssMb: rss, heapTotalMb: h.total_heap_size / 2 ** 20, heapUsedMb: h.used_heap_size / 2 ** 20, mallocedMb: h.malloced_memory / 2 ** 20,
          externalMb: h.external_memory / 2 ** 20, codeSpaces: Object.fromEntries(v8.getHeapSpaceStatistics().map((x) => [x.space_name, Math.round(x.physical_space_size / 2 ** 20)])),
          smaps: smapsSummary() };
      }
    }
  };
  let lastEntries = 0;
  let clears = 0;
  const afterCall = () => {
    // gcAfterClear=1: a full GC when the parser's cache was cleared during the call (its entries went down), so that
    // V8 sets the old generation's next limit from the live set without the old DFA
    if (!gcAfterClear) return;
    const entries = JSON.parse(ex.parserCache(0)).entries;
    if (entries < lastEntries) {
      clears++;
      globalThis.gc();
    }
    lastEntries = entries;
  };
  // --warm N: the bench:real warm row first (its 300 files, N rounds, each file alone); ms per 1,000 lines of the last
  let warmMsPerKloc = -1;
  let warmCpuMsPerKloc = -1;
  if (warmRounds > 0) {
    const warm = readFileSync(warmList, "utf8").split("\n").filter(Boolean).map((l) => {
      const [path, uri] = l.split("\t");
      return { uri, text: readFileSync(path, "utf8") };
    });
    const lines = warm.reduce((x, it) => x + it.text.split("\n").length, 0);
    for (let r = 0; r < warmRounds; r++) {
      const s0 = performance.now();
      const c0 = process.cpuUsage();
      for (const it of warm) {
        alone(it.uri, it.text);
        afterCall();
      }
      warmMsPerKloc = ((performance.now() - s0) / lines) * 1000;
      const c = process.cpuUsage(c0);
      warmCpuMsPerKloc = ((c.user + c.system) / 1000 / lines) * 1000;
    }
  }
  for (let k = 0; k < calls; k++) alone(items[0].uri, `${items[0].text}\n// ${k % 7}`);
  const s = performance.now();
  const c0 = process.cpuUsage();
  for (let k = 0; k < big; k++) {
    alone(items[k % items.length].uri, items[k % items.length].text);
    if (cacheBudgetAfterEach > 0 && k % 50 === 49) ex.parserCache(cacheBudgetAfterEach);
    afterCall();
    if (k % 10 === 0) sample(k);
  }
  const msPerFile = (performance.now() - s) / big;
  // the process's CPU (every thread: GC and compile threads count), steadier than wall time on a loaded machine
  const c1 = process.cpuUsage(c0);
  const cpuMsPerFile = (c1.user + c1.system) / 1000 / big;
  const before = heap();
  const entries = typeof ex.parserCache === "function" ? JSON.parse(ex.parserCache(0)).entries : -1;
  const hwmMb = status("VmHWM:");
  // a full GC: what is left is live (the DFA cache, the class model, the engine's statics)
  if (typeof globalThis.gc === "function") globalThis.gc();
  const after = heap();
  // the same heap without the parser's cache: a budget of 1 entry makes the next size check (every 8 parses) clear
  // it, and 8 one-line parses leave almost nothing in it
  let liveWithoutDfaMb = -1;
  let entriesAfterClear = -1;
  if (typeof ex.parserCache === "function" && typeof globalThis.gc === "function") {
    ex.parserCache(1);
    for (let k = 0; k < 8; k++) alone("file:///rss-levers/Tiny.groovy", "class Tiny {}\n");
    entriesAfterClear = JSON.parse(ex.parserCache(0)).entries;
    globalThis.gc();
    liveWithoutDfaMb = heap().used_heap_size / 2 ** 20;
  }
  return { cpuMsPerFile, warmMsPerKloc, warmCpuMsPerKloc, clears, atPeak, liveWithoutDfaMb, entriesAfterClear, msPerFile, hwmMb, rssEndMb: status("VmRSS:"), entries, maxUsedMb: maxUsed / 2 ** 20, maxTotalMb: maxTotal / 2 ** 20,
    usedBeforeGcMb: before.used_heap_size / 2 ** 20, totalBeforeGcMb: before.total_heap_size / 2 ** 20,
    liveAfterGcMb: after.used_heap_size / 2 ** 20, totalAfterGcMb: after.total_heap_size / 2 ** 20, rssAfterGcMb: status("VmRSS:") };
}

/** /proc/self/smaps summed by kind: file-backed, [heap] (brk), and anonymous mappings by permission. */
function smapsSummary() {
  const by = {};
  let cur;
  for (const l of readFileSync("/proc/self/smaps", "utf8").split("\n")) {
    const m = /^[0-9a-f]+-[0-9a-f]+ (\S+) \S+ \S+ \S+\s*(.*)$/.exec(l);
    if (m) {
      cur = m[2].startsWith("/") ? "file" : m[2] || `anon ${m[1]}`;
      continue;
    }
    const k = /^Rss:\s+(\d+) kB/.exec(l);
    if (k && cur) by[cur] = (by[cur] ?? 0) + Number(k[1]) / 1024;
  }
  return Object.fromEntries(Object.entries(by).filter(([, v]) => v >= 1).map(([k, v]) => [k, Math.round(v)]));
}

function child(config) {
  const resourceLimits = { maxOldGenerationSizeMb: 3072, stackSizeMb: 16 };
  if (config.young) resourceLimits.maxYoungGenerationSizeMb = Number(config.young);
  if (config.old) resourceLimits.maxOldGenerationSizeMb = Number(config.old);
  const w = new Worker(self, { workerData: { ...config, worker: true }, resourceLimits });
  w.on("message", (m) => {
    process.stdout.write(`${JSON.stringify(m)}\n`);
    process.exit(0);
  });
  w.on("error", (e) => {
    process.stderr.write(`${e.stack}\n`);
    process.exit(1);
  });
}

/**
 * `server=lean|speed`: no emulation; the engine through the host's own worker host (dist/engine/node: workerSpawn
 * inside RecoveringEngine, as nodeEngine() builds it for the server), with GROOVYMCP_MEMORY set to that policy. Prints
 * the same run's time, VmHWM and process CPU (all threads: GC and compile threads count), and the DFA clears the
 * verbose policy logs.
 */
async function serverChild(config) {
  const { RecoveringEngine } = await import(pathToFileURL(join(root, "dist", "engine", "service", "index.js")).href);
  const { workerSpawn } = await import(pathToFileURL(join(root, "dist", "engine", "node", "worker-host.js")).href);
  const { locateEngineFiles } = await import(pathToFileURL(join(root, "dist", "engine", "node", "engine-files.js")).href);
  const logs = [];
  // server=custom: the policy's levers one by one (young=MB, growing=percent, from=MB, budget=entries, gcAfterClear=1,
  // near=fraction of the budget for the once-per-fill GC)
  const memory = config.server !== "custom" ? undefined : { name: "custom", youngGenerationMb: config.young ? Number(config.young) : undefined,
    heapGrowingPercent: config.growing ? Number(config.growing) : undefined,
    heapGrowingFromMb: config.from ? Number(config.from) : undefined, parserDfaBudget: config.budget ? Number(config.budget) : undefined,
    gcAfterDfaClear: Boolean(config.gcAfterClear), gcNearDfaBudget: config.near ? Number(config.near) : undefined, verbose: true };
  const engine = new RecoveringEngine({ spawn: workerSpawn({ files: locateEngineFiles(), classpathJars: [], log: (l) => logs.push(l), memory }) });
  const alone = async (uri, text) => {
    await engine.open(uri, text);
    try {
      await engine.request("diagnostics", { uri });
    } finally {
      await engine.close(uri);
    }
  };
  const read = (p) => readFileSync(p, "utf8").split("\n").filter(Boolean).map((l) => {
    const [path, uri] = l.split("\t");
    return { uri, text: readFileSync(path, "utf8") };
  });
  const out = {};
  if (config.warmRounds > 0) {
    const warm = read(config.warmList);
    const lines = warm.reduce((x, it) => x + it.text.split("\n").length, 0);
    for (let r = 0; r < config.warmRounds; r++) {
      const s0 = performance.now();
      const c0 = process.cpuUsage();
      for (const it of warm) await alone(it.uri, it.text);
      out.warmMsPerKloc = ((performance.now() - s0) / lines) * 1000;
      const c = process.cpuUsage(c0);
      out.warmCpuMsPerKloc = ((c.user + c.system) / 1000 / lines) * 1000;
    }
  }
  const items = read(config.list);
  for (let k = 0; k < config.calls; k++) await alone(items[0].uri, `${items[0].text}\n// ${k % 7}`);
  out.rssAfterCallsMb = status("VmRSS:");
  const c0 = process.cpuUsage();
  const s = performance.now();
  for (let k = 0; k < config.big; k++) await alone(items[k % items.length].uri, items[k % items.length].text);
  const cpu = process.cpuUsage(c0);
  out.msPerFile = (performance.now() - s) / config.big;
  out.cpuMsPerFile = (cpu.user + cpu.system) / 1000 / config.big;
  out.hwmMb = status("VmHWM:");
  out.clears = logs.filter((l) => l.includes("DFA was cleared")).length;
  out.note = logs.filter((l) => l.includes("memory:")).slice(0, 1).join(" ");
  out.policy = logs.find((l) => l.includes("memory: policy")) ?? "";
  engine.dispose();
  return out;
}

if (!isMainThread && workerData?.worker) {
  parentPort.postMessage(await workerMain(workerData));
} else if (process.argv[2] === "--child") {
  child(JSON.parse(process.argv[3]));
} else if (process.argv[2] === "--server-child") {
  process.stdout.write(`${JSON.stringify(await serverChild(JSON.parse(process.argv[3])))}\n`);
  process.exit(0);
} else {
  const { values: opt } = parseArgs({ options: { big: { type: "string", default: "2000" }, calls: { type: "string", default: "200" }, warm: { type: "string", default: "0" },
    configs: { type: "string", default: "default=;young 16=young=16;young 8=young=8;heap growing 20%=flags=--heap-growing-percent=20;optimize for size=flags=--optimize-for-size" } } });
  const list = join(work, "all.tsv");
  console.log(`## rss-levers: Node ${process.versions.node}, ${opt.calls} calls then ${opt.big} files, worker with the server's limits, ${new Date().toISOString().slice(0, 16)}Z, load ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}\n`);
  console.log("| configuration | warm ms / 1,000 lines (last of --warm rounds) | DFA clears | ms / file (process CPU ms / file) | peak RSS (VmHWM) MB | heap used, peak sampled MB | heap total, peak MB | end: used before GC / live after GC MB | DFA entries | live after GC without the parser's DFA MB (entries left) | at the highest RSS sample: RSS = JS heap (new space) + wasm code + other anonymous + files MB |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const spec of opt.configs.split(";")) {
    const [name, ...parts] = spec.split("=");
    const config = { list, calls: Number(opt.calls), big: Number(opt.big), cacheBudgetAfterEach: 0, warmList: join(work, "warm.tsv"), warmRounds: Number(opt.warm) };
    let flags = [];
    for (let i = 0; i < parts.length; i += 2) {
      if (parts[i] === "flags") flags = parts.slice(i + 1).join("=").split(",").filter(Boolean);
      else if (parts[i]) config[parts[i]] = parts[i + 1];
      if (parts[i] === "flags") break;
    }
    if (config.clear) config.cacheBudgetAfterEach = Number(config.clear);
    // arenas=N: glibc's MALLOC_ARENA_MAX for the process (only a launcher could give it to the server)
    const env = config.arenas ? { ...process.env, MALLOC_ARENA_MAX: String(config.arenas) } : { ...process.env };
    if (config.server) {
      const r = spawnSync(process.execPath, [self, "--server-child", JSON.stringify(config)], { encoding: "utf8", env: { ...env, GROOVYMCP_MEMORY: config.server === "lean" ? "verbose" : config.server === "custom" ? "" : config.server } });
      if (r.status !== 0) {
        console.log(`| ${name} | failed (${r.status}): ${r.stderr.split("\n").slice(-3).join(" ").slice(0, 200)} | | | | | | | | | |`);
        continue;
      }
      const o = JSON.parse(r.stdout.trim().split("\n").pop());
      const f = (x) => x.toFixed(x >= 100 ? 0 : 1);
      console.log(`| ${name} (the server's worker host, ${config.server === "custom" ? "policy given" : `GROOVYMCP_MEMORY=${config.server}`}) | ${o.warmMsPerKloc ? `${f(o.warmMsPerKloc)} (CPU ${f(o.warmCpuMsPerKloc)})` : ""} | ${config.server !== "speed" ? o.clears : ""} | ${o.msPerFile > 0 ? `${f(o.msPerFile)} (CPU ${f(o.cpuMsPerFile)})` : ""} | ${f(o.hwmMb)} | | | | | | RSS after ${config.calls} calls: ${f(o.rssAfterCallsMb)} |`);
      continue;
    }
    const r = spawnSync(process.execPath, ["--expose-gc", ...flags, self, "--child", JSON.stringify(config)], { encoding: "utf8", env });
    if (r.status !== 0) {
      console.log(`| ${name} | failed (${r.status}): ${r.stderr.split("\n").slice(-3).join(" ").slice(0, 200)} | | | | | | | | | |`);
      continue;
    }
    const o = JSON.parse(r.stdout.trim().split("\n").pop());
    const f = (x) => x.toFixed(x >= 100 ? 0 : 1);
    const p = o.atPeak;
    const code = p?.smaps["anon rwxp"] ?? 0;
    const files = p?.smaps.file ?? 0;
    const split = p === undefined ? "" : `${f(p.rssMb)} = ${f(p.heapTotalMb)} (${p.codeSpaces.new_space}) + ${code} + ${f(p.rssMb - p.heapTotalMb - code - files)} + ${files}`;
    console.log(`| ${name} ${flags.join(" ")} | ${o.warmMsPerKloc > 0 ? `${f(o.warmMsPerKloc)} (CPU ${f(o.warmCpuMsPerKloc)})` : ""} | ${config.gcAfterClear ? o.clears : ""} | ${o.msPerFile > 0 ? `${f(o.msPerFile)} (CPU ${f(o.cpuMsPerFile)})` : ""} | ${f(o.hwmMb)} | ${f(o.maxUsedMb)} | ${f(o.maxTotalMb)} | ${f(o.usedBeforeGcMb)} / ${f(o.liveAfterGcMb)} | ${o.entries} | ${f(o.liveWithoutDfaMb)} (${o.entriesAfterClear}) | ${split} |`);
  }
}
