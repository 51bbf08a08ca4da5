// bench/dfa-miss-profile: where the parser's DFA-miss path spends its time in wasm. A small DFA budget
// (teavm-patches AtnManager, the engine's parserCache export) makes the parser clear its cache every few files, so
// most predictions run the ATN simulation; V8's sampling profiler then records compiles of real files, and the
// self time is printed per function (Java names need an unminified module: bench/README.md "Profiling build").
//
//   GROOVYMCP_ENGINE_DIR=<unminified dist> node scripts/run-with-node24.mjs bench/dfa-miss-profile.mjs \
//     [--budget 20000] [--warm 150] [--files 300] [--top 30] [--callers <function name>] [--cold f1000]
//
// --cold <list> profiles another miss-heavy case instead: the first file of bench/.cache/engine-real/<list>.tsv
// compiled --files times, each with warm V8 code but the parser's DFA cleared first (budget 1 for 8 one-line parses,
// inside the profile, a few ms against the file's hundreds), which is the parser's share of a fresh process's first 1,000-line compile.
//
// Run `npm run bench:real` once first (it writes the file lists this reads).
import { readFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { diagnoseAlone, openEngine } from "./real-code/engine.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { values: opt } = parseArgs({
  options: { budget: { type: "string", default: "20000" }, warm: { type: "string", default: "150" },
    files: { type: "string", default: "300" }, top: { type: "string", default: "30" }, callers: { type: "string", default: "" },
    cold: { type: "string", default: "" } },
});
const engine = await openEngine();
const ex = engine.exports;
const items = readFileSync(join(root, "bench", ".cache", "engine-real", "all.tsv"), "utf8").split("\n").filter(Boolean).map((l) => {
  const [path, uri] = l.split("\t");
  return { uri, text: readFileSync(path, "utf8") };
});
const alone = (it) => diagnoseAlone(engine, it.uri, it.text);
if (!opt.cold) ex.parserCache(Number(opt.budget));
// V8's tiers first: the profile is of optimised code, as in a long run
for (let k = 0; k < Number(opt.warm); k++) await alone(items[k % items.length]);
const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: 500 });
await session.post("Profiler.start");
let ms = 0;
if (opt.cold) {
  const [path, uri] = readFileSync(join(root, "bench", ".cache", "engine-real", `${opt.cold}.tsv`), "utf8").split("\n")[0].split("\t");
  const big = { uri, text: readFileSync(path, "utf8") };
  for (let k = 0; k < Number(opt.files); k++) {
    ex.parserCache(1);
    for (let j = 0; j < 8; j++) await alone({ uri: "file:///T.groovy", text: "class T {}\n" });
    ex.parserCache(1000000);
    const s = performance.now();
    await alone(big);
    ms += performance.now() - s;
  }
} else {
  const s = performance.now();
  for (let k = 0; k < Number(opt.files); k++) await alone(items[(Number(opt.warm) + k) % items.length]);
  ms = performance.now() - s;
}
const { profile } = await session.post("Profiler.stop");
const self = new Map();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const counts = new Map();
for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
let total = 0;
for (const [id, c] of counts) {
  const n = byId.get(id);
  const name = n.callFrame.functionName || `(${n.callFrame.url.split("/").pop() || "program"})`;
  self.set(name, (self.get(name) ?? 0) + c);
  total += c;
}
console.log(opt.cold ? `## dfa-miss-profile --cold ${opt.cold}: ${opt.files} compiles of its first file, each with the parser's DFA cleared, after ${opt.warm} warm-up files, ${ms.toFixed(0)} ms (${(ms / Number(opt.files)).toFixed(0)} ms each), load ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}\n` : `## dfa-miss-profile: budget ${opt.budget} entries, ${opt.files} real files after ${opt.warm} warm-up files, ${ms.toFixed(0)} ms (${(ms / Number(opt.files)).toFixed(1)} ms / file), entries at end ${JSON.parse(ex.parserCache(0)).entries}, load ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}\n`);
console.log("| function (self time) | share |\n|---|---:|");
for (const [name, c] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(opt.top))) {
  console.log(`| ${name.replace(/\|/g, "\\|")} | ${((100 * c) / total).toFixed(1)}% |`);
}
if (opt.callers) {
  // the frames above a function's own samples, three deep: which code pays for it
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const paths = new Map();
  for (const [id, c] of counts) {
    if (byId.get(id).callFrame.functionName !== opt.callers) continue;
    const chain = [];
    for (let p = parent.get(id); p !== undefined && chain.length < 3; p = parent.get(p)) chain.push(byId.get(p).callFrame.functionName);
    const key = chain.join(" < ");
    paths.set(key, (paths.get(key) ?? 0) + c);
  }
  console.log(`\n| callers of ${opt.callers} (nearest first) | samples |\n|---|---:|`);
  for (const [k, c] of [...paths].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`| ${k} | ${c} |`);
}
