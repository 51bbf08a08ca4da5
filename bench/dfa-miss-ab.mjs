// bench/dfa-miss-ab: the parser's cold-DFA cost, A/B between engine builds, alternating fresh processes. Each child
// loads one build (GROOVYMCP_ENGINE_DIR) and measures, in wall time and in the main thread's CPU time
// (process.threadCpuUsage: what the engine's own thread spent, which another agent's load on a shared machine
// disturbs less than the wall clock; V8's background compiler and GC helper threads are not in it):
//   first    the first diagnostics of the 1,000-line real file in the fresh process;
//   cold     the same file with warm V8 code but the parser's DFA cleared (budget 1 for 8 one-line parses);
//   warm     the same file again with everything warm;
//   real     warm real code: the second of two rounds over bench's warm list (300 files), ms per 1,000 lines;
//   miss     ms per file over --files real files with a --budget-entry DFA budget (the parser clears its cache
//            every few files, so most predictions run the ATN simulation: bench/dfa-miss-profile.mjs's workload).
//
//   node scripts/run-with-node24.mjs bench/dfa-miss-ab.mjs [--reps 3] [--files 150] [--budget 20000] <dist> <dist> ...
//
// Run `npm run bench:real` once first (it writes the file lists this reads).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const self = fileURLToPath(import.meta.url);
const { values: opt, positionals } = parseArgs({
  allowPositionals: true,
  options: { reps: { type: "string", default: "3" }, files: { type: "string", default: "150" },
    budget: { type: "string", default: "20000" }, child: { type: "boolean", default: false } },
});
const list = (n) => readFileSync(join(root, "bench", ".cache", "engine-real", `${n}.tsv`), "utf8").split("\n").filter(Boolean)
  .map((l) => { const [p, uri] = l.split("\t"); return { uri, text: readFileSync(p, "utf8") }; });
const load = () => readFileSync("/proc/loadavg", "utf8").split(" ")[0];

if (opt.child) {
  const { diagnoseAlone, openEngine } = await import("./real-code/engine.mjs");
  const engine = await openEngine();
  const ex = engine.exports;
  const big = list("f1000")[0];
  const all = list("all");
  const timed = async (fn) => {
    const w = performance.now();
    const c = process.threadCpuUsage();
    await fn();
    const d = process.threadCpuUsage(c);
    return [Math.round(performance.now() - w), Math.round((d.user + d.system) / 1000)];
  };
  const out = {};
  out.first = await timed(() => diagnoseAlone(engine, big.uri, big.text));
  for (let k = 0; k < 150; k++) await diagnoseAlone(engine, all[k].uri, all[k].text);
  const clear = async () => {
    ex.parserCache(1);
    for (let k = 0; k < 8; k++) await diagnoseAlone(engine, "file:///T.groovy", "class T {}\n");
    ex.parserCache(1000000);
  };
  await clear();
  out.cold = await timed(() => diagnoseAlone(engine, big.uri, big.text));
  out.warm = await timed(() => diagnoseAlone(engine, big.uri, big.text));
  const warmList = list("warm");
  const kloc = warmList.reduce((n, it) => n + it.text.split("\n").length, 0) / 1000;
  for (const it of warmList) await diagnoseAlone(engine, it.uri, it.text);
  const w = await timed(async () => { for (const it of warmList) await diagnoseAlone(engine, it.uri, it.text); });
  out.real = w.map((x) => Math.round((10 * x) / kloc) / 10);
  ex.parserCache(Number(opt.budget));
  const n = Number(opt.files);
  const m = await timed(async () => { for (let k = 0; k < n; k++) await diagnoseAlone(engine, all[150 + k].uri, all[150 + k].text); });
  out.miss = m.map((x) => Math.round((10 * x) / n) / 10);
  console.log(JSON.stringify(out));
} else {
  const rows = [];
  console.log("| rep | build | first | cold DFA, warm code | warm | warm real code, per 1,000 lines | miss path, per file | load |\n|---|---|---:|---:|---:|---:|---:|---|");
  for (let r = 0; r < Number(opt.reps); r++) {
    for (const dist of positionals) {
      const before = load();
      const c = spawnSync(process.execPath, [self, "--child", "--files", opt.files, "--budget", opt.budget],
        { env: { ...process.env, GROOVYMCP_ENGINE_DIR: dist }, encoding: "utf8", maxBuffer: 1 << 26 });
      if (c.status !== 0) throw new Error(`child failed for ${dist}: ${c.stderr.slice(-2000)}`);
      const o = JSON.parse(c.stdout.trim().split("\n").pop());
      rows.push({ dist, ...o });
      console.log(`| ${r + 1} | ${dist} | ${o.first.join(" / ")} | ${o.cold.join(" / ")} | ${o.warm.join(" / ")} | ${o.real.join(" / ")} | ${o.miss.join(" / ")} | ${before}-${load()} |`);
    }
  }
  console.log(`\nmedians (wall / main-thread CPU ms; miss: per file), ${new Date().toISOString().slice(0, 16)}Z\n`);
  console.log("| build | first | cold DFA, warm code | warm | warm real code, per 1,000 lines | miss path, per file |\n|---|---:|---:|---:|---:|---:|");
  const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const dist of positionals) {
    const mine = rows.filter((x) => x.dist === dist);
    const cell = (k) => [0, 1].map((i) => med(mine.map((x) => x[k][i]))).join(" / ");
    console.log(`| ${dist} | ${cell("first")} | ${cell("cold")} | ${cell("warm")} | ${cell("real")} | ${cell("miss")} |`);
  }
}
