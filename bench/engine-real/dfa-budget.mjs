// bench/engine-real/dfa-budget: the parser's DFA cache budget (teavm-patches AtnManager) against time AND memory.
// One fresh process per budget (and per extra V8 option set): warm rounds over the bench's 300 real files, then a
// long run over every real file, cycling; prints warm ms per 1,000 lines, ms per file of the long run, the cache's
// entries at the end (DFA states + cached prediction contexts), the live heap after a full GC and peak RSS (VmHWM).
//
//   node bench/engine-real/dfa-budget.mjs [--budgets 150000,600000,1000000] [--big 2000] [--flags "--a,--b;--c"]
//
// Needs the engine built and `npm run build`; run `npm run bench:real` once first (it writes the file lists).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const work = join(root, "bench", ".cache", "engine-real");
const self = fileURLToPath(import.meta.url);

async function child(budget, warmList, rounds, bigList, big) {
  const { loadEngine } = await import(pathToFileURL(join(root, "dist", "engine", "core", "index.js")).href);
  const { locateEngineFiles } = await import(pathToFileURL(join(root, "dist", "engine", "node", "engine-files.js")).href);
  const { readEngineImage } = await import(pathToFileURL(join(root, "dist", "engine", "node", "engine-image.js")).href);
  const { exports: ex } = await loadEngine(await readEngineImage(locateEngineFiles(), []), () => {});
  if (typeof ex.parserCache !== "function") throw new Error("this engine build has no parserCache export");
  const call = (op, p) => {
    const r = JSON.parse(ex.handle(JSON.stringify({ op, ...p })));
    if (r.error) throw new Error(`${r.error.kind}: ${r.error.message}`);
    return r.result;
  };
  const alone = (it) => {
    call("open", { uri: it.uri, text: it.text });
    try {
      call("diagnostics", { uri: it.uri });
    } finally {
      call("close", { uri: it.uri });
    }
  };
  const read = (p) => readFileSync(p, "utf8").split("\n").filter(Boolean).map((l) => {
    const [path, uri] = l.split("\t");
    return { uri, text: readFileSync(path, "utf8") };
  });
  const status = (k) => Number(readFileSync("/proc/self/status", "utf8").split("\n").find((l) => l.startsWith(k)).replace(/[^0-9]/g, "")) / 1024;
  if (Number(budget) > 0) ex.parserCache(Number(budget));
  const warm = read(warmList);
  const lines = warm.reduce((x, it) => x + it.text.split("\n").length, 0);
  let roundMs = 0;
  for (let r = 0; r < Number(rounds); r++) {
    const s = performance.now();
    for (const it of warm) alone(it);
    roundMs = performance.now() - s;
  }
  const items = read(bigList);
  const s = performance.now();
  for (let k = 0; k < Number(big); k++) alone(items[k % items.length]);
  const out = { warmMsPerKloc: (roundMs / lines) * 1000, bigMsPerFile: (performance.now() - s) / Number(big) };
  out.entries = JSON.parse(ex.parserCache(0)).entries;
  globalThis.gc();
  out.liveHeapMb = process.memoryUsage().heapUsed / 2 ** 20;
  out.hwmMb = status("VmHWM:");
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

async function main() {
  const { values: opt } = parseArgs({
    options: { budgets: { type: "string", default: "150000,300000,600000,1000000,1500000" }, big: { type: "string", default: "2000" },
      rounds: { type: "string", default: "2" }, flags: { type: "string", default: "" } },
  });
  const warmList = join(work, "warm.tsv");
  const allList = join(work, "all.tsv");
  if (!existsSync(warmList) || !existsSync(allList)) throw new Error("run `npm run bench:real` once first: it writes the file lists");
  const flagSets = opt.flags ? opt.flags.split(";").map((f) => f.split(",").filter(Boolean)) : [[]];
  console.log(`## bench/engine-real/dfa-budget (Node ${process.versions.node}), ${new Date().toISOString().slice(0, 16)}Z\n`);
  console.log("| budget (entries) | V8 options | warm ms / 1,000 lines | long run ms / file | entries at end | live heap MB | peak RSS MB |\n|---:|---|---:|---:|---:|---:|---:|");
  for (const flags of flagSets) {
    for (const b of opt.budgets.split(",")) {
      const r = spawnSync(process.execPath, ["--expose-gc", ...flags, self, "--child", b, warmList, opt.rounds, allList, opt.big], { encoding: "utf8", maxBuffer: 1 << 26 });
      if (r.status !== 0) {
        console.log(`| ${b} | ${flags.join(" ")} | failed (exit ${r.status}) | | | | |`);
        continue;
      }
      const o = JSON.parse(r.stdout.trim().split("\n").pop());
      console.log(`| ${b} | ${flags.join(" ") || "-"} | ${o.warmMsPerKloc.toFixed(0)} | ${o.bigMsPerFile.toFixed(1)} | ${o.entries} | ${o.liveHeapMb.toFixed(0)} | ${o.hwmMb.toFixed(0)} |`);
    }
  }
}

if (process.argv[2] === "--child") await child(...process.argv.slice(3, 8));
else await main();
