// bench/startup-spawn: spawn -> first diagnostics of the ~200-line real file (what `bench:real`'s fresh section
// measures), for several server builds or settings side by side. Configurations alternate run by run, so they
// share the machine's load; medians per configuration. Each run: spawn the server over stdio, `initialize`, then
// `notifications/initialized` + one groovy_diagnostics call; times are from spawn.
//
//   node scripts/run-with-node24.mjs bench/startup-spawn.mjs [--runs 9] \
//     [--config "label|path/to/cli.js|--node-flag --other|ENV=1 OTHER=2"]...   (default: this checkout's dist/cli.js)
//
// A build to compare against is a copy of dist/ (with package.json and links to node_modules and
// engine-wasm/target beside it, so the copy finds its engine the way the package does).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { spawnToDiagnostics } from "./engine-real.mjs";
import { realCodeFiles } from "./real-code/fetch.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const { values: opt } = parseArgs({ options: { runs: { type: "string", default: "9" }, config: { type: "string", multiple: true }, file: { type: "string" } } });

const configs = (opt.config ?? [`this checkout|${join(root, "dist", "cli.js")}||`]).map((c) => {
  const [label, cli, flags = "", env = ""] = c.split("|");
  return { label, cli, flags: flags.split(" ").filter(Boolean), env: Object.fromEntries(env.split(" ").filter(Boolean).map((kv) => kv.split("="))) };
});

let path = opt.file;
if (path === undefined) {
  const all = await realCodeFiles({ min: 500 });
  path = [...all].sort((x, y) => Math.abs(x.lines - 200) - Math.abs(y.lines - 200) || (x.id < y.id ? -1 : 1))[0].path;
}
const text = readFileSync(path, "utf8");

const once = (config) =>
  spawnToDiagnostics(text, { args: [...config.flags, config.cli], env: config.env }).catch((e) => {
    throw new Error(`${config.label}: ${e.message}`);
  });

const load = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const loadBefore = load();
const rows = configs.map(() => []);
for (let r = 0; r < Number(opt.runs); r++) for (const [i, c] of configs.entries()) rows[i].push(await once(c));
const answers = new Set(rows.map((rs) => rs[0].result));
console.log(`## bench/startup-spawn: Node ${process.versions.node}, ${opt.runs} runs each, alternating, ${new Date().toISOString().slice(0, 16)}Z, load ${loadBefore} -> ${load()}\n`);
console.log(`File: ${path} (${text.split("\n").length} lines). Answers identical across configurations: ${answers.size === 1 ? "yes" : "NO"}.\n`);
console.log("| configuration | spawn -> initialize reply ms | spawn -> first diagnostics ms (median) | min | max |");
console.log("|---|---:|---:|---:|---:|");
for (const [i, c] of configs.entries()) {
  const d = rows[i].map((x) => x.diagnosticsMs);
  console.log(`| ${c.label} | ${median(rows[i].map((x) => x.initializeMs)).toFixed(0)} | ${median(d).toFixed(0)} | ${Math.min(...d).toFixed(0)} | ${Math.max(...d).toFixed(0)} |`);
}
