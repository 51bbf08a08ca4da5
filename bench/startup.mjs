// bench/startup: median of 20 runs of (a) spawn -> initialize reply and (b) spawn -> first groovy_diagnostics
// result, each in a fresh server process. Targets: (a) <= 150 ms, (b) <= 1 s.
// Run with `npm run bench:startup` (uses the pinned Node 24). Options: --runs N
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cli = join(root, "dist", "cli.js");
const runsArg = process.argv.indexOf("--runs");
const runs = runsArg === -1 ? 20 : Number(process.argv[runsArg + 1]);
const engineBuilt = existsSync(join(root, "engine-wasm", "target", "dist", "groovy-engine.wasm"));

const INIT = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "bench", version: "1" } } });
const READY = JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" });
const DIAG = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "groovy_diagnostics", arguments: { text: "class A {\n  int twice(int x) { x * 2 }\n}\nprintln new A().twice(21)\n" } } });

function once() {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, [cli], { stdio: ["pipe", "pipe", "ignore"] });
    let buffered = "";
    let initMs;
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      buffered += chunk;
      let nl;
      while ((nl = buffered.indexOf("\n")) !== -1) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        const msg = JSON.parse(line);
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        if (msg.id === 1) {
          initMs = ms;
          child.stdin.write(READY + "\n" + DIAG + "\n");
        } else if (msg.id === 2) {
          const ok = msg.result && msg.result.isError !== true;
          child.stdin.end();
          resolve({ initMs, diagMs: ok ? ms : NaN });
        }
      }
    });
    child.on("error", reject);
    child.stdin.write(INIT + "\n");
  });
}

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const init = [];
const diag = [];
for (let i = 0; i < runs; i++) {
  const r = await once();
  init.push(r.initMs);
  diag.push(r.diagMs);
}
const fmt = (x) => (Number.isFinite(x) ? `${x.toFixed(1)} ms` : "n/a");
const rows = [
  ["spawn -> initialize reply", fmt(median(init)), "<= 150 ms"],
  ["spawn -> first diagnostics result", engineBuilt ? fmt(median(diag)) : "n/a (engine not built)", "<= 1000 ms"],
];
console.log(`Node ${process.versions.node}, ${runs} runs, median`);
console.log("| measure | median | target |\n|---|---|---|");
for (const r of rows) console.log(`| ${r.join(" | ")} |`);
