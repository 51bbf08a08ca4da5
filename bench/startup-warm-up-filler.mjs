// bench/startup-warm-up-filler: the idle warm-up's regression on huge comment-only buffers (docs/engine-performance.md,
// "Session 8", "Decision"), in one process per run, the engine in this thread: which warm-up (if any) ran first,
// then `tokens` calls on 1..4 open buffers of 478,000 characters of `// filler` lines (what test/hostile/memory.test.ts
// sends), ms per call, and the wasm GC heap around them. Warm-ups that tell the candidates apart:
//   none      a fresh engine
//   full      the server's warm-up sources, 2 rounds of open + diagnostics (what the idle warm-up does)
//   lexer     the same sources, 2 rounds of `tokens` only (the lexer and the token walk, no parse tree reuse, no
//             semantic analysis)... a tokens call compiles too, so this isolates nothing more than the op mix
//   fillerish the warm-up sources with a few `// filler` lines prepended (the same code paths as the filler case)
// --op all: a workspace-wide op after each open (every open buffer compiled, as every op did before closure compiles);
// --op big: instead of the filler, the N largest real files, each alone, first diagnostics (ordinary big input).
// Run with V8 flags to test the speculative-inlining and GC candidates, e.g. --no-wasm-inlining, --trace-gc.
//
//   node scripts/run-with-node24.mjs bench/startup-warm-up-filler.mjs [--runs 2] [--warm-ups none,full] [--buffers 4] [--op tokens|all|big]
//     [--flags=--no-wasm-inlining]
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const self = fileURLToPath(import.meta.url);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function child(warmUp, buffers, op) {
  const { loadEngine } = await import(pathToFileURL(join(root, "dist", "engine", "core", "index.js")).href);
  const { locateEngineFiles } = await import(pathToFileURL(join(root, "dist", "engine", "node", "engine-files.js")).href);
  const { readEngineImage } = await import(pathToFileURL(join(root, "dist", "engine", "node", "engine-image.js")).href);
  const { WARM_UP_SOURCES } = await import(pathToFileURL(join(root, "dist", "engine", "node", "warm-up-sources.js")).href);
  const { exports: e } = await loadEngine(await readEngineImage(locateEngineFiles(), []), () => {});
  const call = (op, p) => {
    const r = JSON.parse(e.handle(JSON.stringify({ op, ...p })));
    if (r.error) throw new Error(JSON.stringify(r.error));
    return r.result;
  };
  const out = { warmUp, warmUpMs: 0, callsMs: [] };
  let s = performance.now();
  for (let r = 0; r < 2 && warmUp !== "none"; r++) {
    for (const [i, src] of WARM_UP_SOURCES.entries()) {
      const uri = `groovymcp-warm-up:/slice${i + 1}.groovy`;
      const text = warmUp === "fillerish" ? `${"// filler\n".repeat(20)}${src}` : src;
      call("open", { uri, text });
      call(warmUp === "lexer" ? "tokens" : "diagnostics", { uri });
      call("close", { uri });
    }
  }
  out.warmUpMs = performance.now() - s;
  out.heapBeforeMb = process.memoryUsage().heapUsed / 2 ** 20;
  if (op === "big") {
    // the largest real files (1,000-1,400 lines), each alone, first time: ordinary big input after the warm-up
    const { realCodeFiles } = await import("./real-code/fetch.mjs");
    const all = await realCodeFiles({ min: 500 });
    for (const f of [...all].sort((a, b) => b.lines - a.lines || (a.id < b.id ? -1 : 1)).slice(0, buffers)) {
      const uri = `groovy-buffer:${f.id}`;
      s = performance.now();
      call("open", { uri, text: readFileSync(f.path, "utf8") });
      call("diagnostics", { uri });
      call("close", { uri });
      out.callsMs.push(performance.now() - s);
    }
    out.heapAfterMb = process.memoryUsage().heapUsed / 2 ** 20;
    process.stdout.write(`${JSON.stringify(out)}\n`);
    return;
  }
  const chunk = "// filler\n".repeat(47_800);
  for (let i = 0; i < buffers; i++) {
    const uri = `groovy-buffer:big-${i}`;
    s = performance.now();
    call("open", { uri, text: chunk });
    // "all": a workspace-wide op (a symbol search compiles every open buffer), what every op did before closure compiles
    if (op === "all") call("symbols", { query: "NoSuchName" });
    else call("tokens", { uri, startLine: 47_799 });
    out.callsMs.push(performance.now() - s);
  }
  out.heapAfterMb = process.memoryUsage().heapUsed / 2 ** 20;
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

if (process.argv[2] === "--child") await child(process.argv[3], Number(process.argv[4]), process.argv[5]);
else {
  const { values: opt } = parseArgs({ options: { runs: { type: "string", default: "2" }, "warm-ups": { type: "string", default: "none,full" }, buffers: { type: "string", default: "4" }, op: { type: "string", default: "tokens" }, flags: { type: "string", default: "" } } });
  const flags = opt.flags.split(" ").filter(Boolean);
  const modes = opt["warm-ups"].split(",");
  const rows = Object.fromEntries(modes.map((m) => [m, []]));
  const load = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  const before = load();
  for (let r = 0; r < Number(opt.runs); r++) {
    for (const m of modes) {
      const c = spawnSync(process.execPath, [...flags, self, "--child", m, opt.buffers, opt.op], { encoding: "utf8", maxBuffer: 1 << 26 });
      if (c.status !== 0) throw new Error(c.stderr);
      rows[m].push(JSON.parse(c.stdout.trim().split("\n").pop()));
    }
  }
  console.log(`## bench/startup-warm-up-filler: Node ${process.versions.node} ${flags.join(" ")}, op ${opt.op}, ${opt.runs} runs, ${new Date().toISOString().slice(0, 16)}Z, load ${before} -> ${load()}\n`);
  console.log(`| warm-up | warm-up ms | tokens call on buffer 1..${opt.buffers} (478 KB of comments each), ms, median | heap before / after MB |`);
  console.log("|---|---:|---|---:|");
  for (const m of modes) {
    const rs = rows[m];
    const calls = rs[0].callsMs.map((_, i) => median(rs.map((x) => x.callsMs[i])).toFixed(0)).join(" ");
    console.log(`| ${m} | ${median(rs.map((x) => x.warmUpMs)).toFixed(0)} | ${calls} | ${median(rs.map((x) => x.heapBeforeMb)).toFixed(0)} / ${median(rs.map((x) => x.heapAfterMb)).toFixed(0)} |`);
  }
}
