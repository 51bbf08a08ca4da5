// bench/engine-real/v8-flags: V8 options for the engine, for time AND memory, on Node 22, 24 and 26 (the npm `node`
// package). Each configuration is one fresh process (bench/engine-real.mjs --child flags): module + class model
// load, the first diagnostics of the 1,000-line file, then warm rounds over real files, and peak RSS (VmHWM).
// The default configuration runs twice, so the noise of the shared machine is visible next to the effects.
//
//   node bench/engine-real/v8-flags.mjs [--files 60] [--rounds 3] [--nodes 22,24,26] [--configs name,name]
import { spawn, spawnSync } from "node:child_process";
import { readFileSync as readProc } from "node:fs";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { realCodeFiles, sample, summary } from "../real-code/fetch.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const work = join(root, "bench", ".cache", "engine-real");
const { values: opt } = parseArgs({
  options: { files: { type: "string", default: "60" }, rounds: { type: "string", default: "3" },
    nodes: { type: "string", default: "22,24,26" }, configs: { type: "string" },
    "max-rss-mb": { type: "string", default: "4000" }, "timeout-s": { type: "string", default: "240" } },
});

export const CONFIGS = [
  ["default", []],
  ["default (again: noise)", []],
  ["no lazy compilation", ["--no-wasm-lazy-compilation"]],
  ["no dynamic tiering (eager TurboFan in background)", ["--no-wasm-dynamic-tiering"]],
  ["tiering budget 1/10", ["--wasm-tiering-budget=180000"]],
  ["Liftoff only (no TurboFan)", ["--liftoff-only"]],
  ["TurboFan only (no Liftoff)", ["--no-liftoff"]],
  ["semi-space 64 MB", ["--max-semi-space-size=64"]],
  ["semi-space 8 MB", ["--max-semi-space-size=8"]],
  ["eager TurboFan + semi-space 64 MB", ["--no-wasm-dynamic-tiering", "--max-semi-space-size=64"]],
];

/** The node binary of a major: the pinned dev dependency for 24, else the npm `node` package through npm exec. */
function nodeBinary(major) {
  const r = spawnSync("npm", ["exec", "--yes", `--package=node@${major}`, "--", "node", "-p", "process.execPath"], { encoding: "utf8", cwd: root });
  if (r.status !== 0) throw new Error(`cannot get node@${major}: ${r.stderr}`);
  return r.stdout.trim().split("\n").pop();
}

/**
 * Runs one configuration, killing it when its RSS passes --max-rss-mb or it outlives --timeout-s: Node 22's runaway
 * wasm optimisation reaches 10 GB on this workload, which a shared machine must not be made to carry.
 */
function guarded(bin, args) {
  return new Promise((resolve) => {
    const c = spawn(bin, args, { cwd: root, stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    let killed;
    let peak = 0;
    const t0 = performance.now();
    c.stdout.on("data", (d) => (out += d));
    const timer = setInterval(() => {
      try {
        const line = readProc(`/proc/${c.pid}/status`, "utf8").split("\n").find((l) => l.startsWith("VmRSS:"));
        peak = Math.max(peak, Number(line.replace(/[^0-9]/g, "")) / 1024);
      } catch {
        return;
      }
      const secs = (performance.now() - t0) / 1000;
      if (peak > Number(opt["max-rss-mb"])) killed = `killed: RSS ${peak.toFixed(0)} MB after ${secs.toFixed(0)} s`;
      else if (secs > Number(opt["timeout-s"])) killed = `killed: still running after ${secs.toFixed(0)} s (RSS ${peak.toFixed(0)} MB)`;
      if (killed) c.kill("SIGKILL");
    }, 500);
    c.on("close", (status) => {
      clearInterval(timer);
      resolve({ status: killed ? -1 : status, stdout: out, killed });
    });
  });
}

const all = await realCodeFiles({ min: 500 });
const files = sample(all, Number(opt.files));
const s = summary(files);
mkdirSync(work, { recursive: true });
const list = join(work, "flags.tsv");
writeFileSync(list, [`${join(root, "bench", "inputs", "large-1000.groovy")}\tfile:///bench/large-1000.groovy`,
  ...files.map((f) => `${f.path}\t${pathToFileURL(f.path).href}`)].join("\n") + "\n");
const configs = opt.configs ? CONFIGS.filter(([n]) => opt.configs.split(",").includes(n)) : CONFIGS;
console.log(`## V8 options: one fresh process each; warm = last of ${opt.rounds} rounds over ${s.files} real files (${s.lines} lines), each alone\n`);
for (const major of opt.nodes.split(",")) {
  const bin = nodeBinary(major);
  const version = spawnSync(bin, ["--version"], { encoding: "utf8" }).stdout.trim();
  console.log(`### Node ${version}\n`);
  console.log("| configuration | load ms | first 1,000-line ms | warm ms / 1,000 lines | peak RSS MB | warm vs default | RSS vs default |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  let base;
  for (const [name, flags] of configs) {
    const r = await guarded(bin, [...flags, join(root, "bench", "engine-real.mjs"), "--child", "flags", list, opt.rounds]);
    if (r.status !== 0) {
      console.log(`| ${name}${flags.length ? ` \`${flags.join(" ")}\`` : ""} | ${r.killed ?? `failed (exit ${r.status})`} | | | | | |`);
      continue;
    }
    const o = JSON.parse(r.stdout.trim().split("\n").pop());
    const warm = (o.perFileMs.reduce((a, b) => a + b, 0) / o.lines) * 1000;
    base ??= { warm, rss: o.hwmMb };
    console.log(`| ${name}${flags.length ? ` \`${flags.join(" ")}\`` : ""} | ${o.loadMs.toFixed(0)} | ${o.firstMs.toFixed(0)} | ${warm.toFixed(0)} | ${o.hwmMb.toFixed(0)} | ${(warm / base.warm).toFixed(2)} | ${(o.hwmMb / base.rss).toFixed(2)} |`);
  }
  console.log("");
}
