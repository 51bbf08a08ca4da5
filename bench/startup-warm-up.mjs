// bench/startup-warm-up: what the idle warm-up (src/engine/service/idle-warm-up.ts) buys and costs, through the real
// MCP server over stdio, warm-up on against GROOVYMCP_WARMUP=0 in the same run (alternating), with the JVM's fresh
// first compile of the same file as the ratio's reference (our facade, bench/engine-real/FacadeRealBench.java).
//
//   node scripts/run-with-node24.mjs bench/startup-warm-up.mjs [--runs 3] [--idle 0,1000,3000] [--no-jvm]
//
// Per run and idle time: spawn the server; initialize, notifications/initialized, tools/list (what a client does
// first); wait `idle` ms; then groovy_diagnostics of the 1,000-line file (bench/inputs/large-1000.groovy), then of a
// ~200-line real file, then a first groovy_symbols call (its schemas are the warm-up's main-thread part). Reported:
// each call's time from the request to its reply, spawn -> first diagnostics, the server's CPU time and peak RSS
// (read from /proc before stdin is closed), and the warm-up's own log line (GROOVYMCP_WARMUP=verbose): its slices and
// its longest slice, which is the most a request arriving during it waits.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { execSync } from "node:child_process";
import { realCodeFiles } from "./real-code/fetch.mjs";
import { jvmRun, writeList } from "./engine-real.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cli = join(root, "dist", "cli.js");
const big = join(root, "bench", "inputs", "large-1000.groovy");
const log = (s) => process.stderr.write(`${s}\n`);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const { values: opt } = parseArgs({ options: { runs: { type: "string", default: "3" }, idle: { type: "string", default: "0,1000,3000" }, "no-jvm": { type: "boolean", default: false } } });
const CLK = Number(execSync("getconf CLK_TCK").toString().trim()) || 100;

const procStat = (pid) => {
  // utime + stime of the process (all its threads), in ms; VmHWM in MB
  const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  const cpuMs = ((Number(f[11]) + Number(f[12])) / CLK) * 1000;
  const hwm = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith("VmHWM:"));
  return { cpuMs, hwmMb: Number(hwm.replace(/[^0-9]/g, "")) / 1024 };
};

function session(env, idleMs, text) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const c = spawn(process.execPath, [cli], { stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, ...env } });
    let out = "";
    let err = "";
    const waiting = new Map();
    const send = (msg) => c.stdin.write(`${JSON.stringify(msg)}\n`);
    const call = (id, method, params) =>
      new Promise((res) => {
        const s = performance.now();
        waiting.set(id, (m) => res({ ms: performance.now() - s, at: performance.now() - t0, m }));
        send({ jsonrpc: "2.0", id, method, params });
      });
    c.stdout.setEncoding("utf8");
    c.stdout.on("data", (d) => {
      out += d;
      for (let nl; (nl = out.indexOf("\n")) !== -1;) {
        const m = JSON.parse(out.slice(0, nl));
        out = out.slice(nl + 1);
        waiting.get(m.id)?.(m);
      }
    });
    c.stderr.setEncoding("utf8");
    c.stderr.on("data", (d) => (err += d));
    c.on("error", reject);
    (async () => {
      await call(1, "initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "bench", version: "1" } });
      send({ jsonrpc: "2.0", method: "notifications/initialized" });
      await call(2, "tools/list", {});
      if (idleMs > 0) await new Promise((r) => setTimeout(r, idleMs));
      const before = procStat(c.pid);
      const d = await call(3, "tools/call", { name: "groovy_diagnostics", arguments: { text, uri: "groovy-buffer:first.groovy" } });
      // host only: an unknown argument fails schema validation before the engine, so this times the tool's
      // first-call cost on the main thread (compiling its input schema), which the warm-up precompiles
      const sym = await call(4, "tools/call", { name: "groovy_tokens", arguments: { unknownArgument: 1 } });
      const after = procStat(c.pid);
      if (d.m.error || d.m.result?.isError) throw new Error(`call failed: ${JSON.stringify(d.m).slice(0, 300)}`);
      if (sym.m.result?.isError !== true) throw new Error(`the invalid call was not refused: ${JSON.stringify(sym.m).slice(0, 300)}`);
      c.stdin.end();
      await new Promise((r) => c.on("exit", r));
      const line = err.split("\n").find((l) => /idle warm-up (done|ended)/.test(l)) ?? (err.includes("idle warm-up started") ? "(still running at exit)" : "");
      resolve({ d: d.ms, spawnToD: d.at, sym: sym.ms, cpuBeforeCallMs: before.cpuMs, hwmBeforeCallMb: before.hwmMb, hwmEndMb: after.hwmMb, warmUp: line.replace(/^groovymcp: /, "") });
    })().catch(reject);
  });
}

const all = await realCodeFiles({ min: 500 });
const f200 = [...all].sort((x, y) => Math.abs(x.lines - 200) - Math.abs(y.lines - 200) || (x.id < y.id ? -1 : 1))[0];
const f200Text = readFileSync(f200.path, "utf8");
const idles = opt.idle.split(",").map(Number);
const runs = Number(opt.runs);
const res = {};
const jvm = [];
const f1000List = writeList("f1000", [{ path: big, uri: "file:///bench/large-1000.groovy" }]);
log(`startup-warm-up: ${runs} runs x idle ${idles.join("/")} ms x warm-up on/off; load ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`);
const f200List = writeList("f200", [{ path: f200.path, uri: pathToFileURL(f200.path).href }]);
const kinds = { 1000: readFileSync(big, "utf8"), [f200.lines]: f200Text };
const jvmSpawn = [];
for (let r = 0; r < runs; r++) {
  for (const [lines, text] of Object.entries(kinds)) {
    for (const idle of idles) {
      for (const mode of ["verbose", "0"]) {
        const key = `${lines}/${mode}/${idle}`;
        // no call time limit: on a loaded machine a cold 1,000-line compile has passed the default 20 s
        const r = await session({ GROOVYMCP_WARMUP: mode, GROOVYMCP_CALL_TIMEOUT_MS: "0" }, idle, text);
        (res[key] ??= []).push(r);
        log(`  ${key}: ${r.d.toFixed(0)} ms (${r.warmUp || "no warm-up"})`);
      }
    }
  }
  if (!opt["no-jvm"]) {
    jvm.push(jvmRun("first", f1000List).firstMs);
    const s = performance.now();
    jvmRun("first", f200List);
    jvmSpawn.push(performance.now() - s);
  }
}
const f = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
console.log(`## bench/startup-warm-up: Node ${process.versions.node}, median of ${runs}, ${new Date().toISOString().slice(0, 16)}Z, load ${load}\n`);
const jvmFirst = jvm.length ? median(jvm) : NaN;
const jvmSpawnMs = jvmSpawn.length ? median(jvmSpawn) : NaN;
console.log(`JVM (our facade in a fresh java process): first compile of the 1,000-line file after load ${f(jvmFirst)} ms; spawn -> first diagnostics of the ${f200.lines}-line file ${f(jvmSpawnMs)} ms\n`);
console.log("| file | idle after tools/list | warm-up | first diagnostics ms (request -> reply) | spawn -> that reply ms | wasm/JVM | then a first groovy_tokens call (schema only) ms | server CPU before the call ms | VmHWM before the call / at end MB | warm-up (last run) |");
console.log("|---|---:|---|---:|---:|---:|---:|---:|---:|---|");
for (const lines of Object.keys(kinds)) {
  for (const idle of idles) {
    for (const mode of ["verbose", "0"]) {
      const xs = res[`${lines}/${mode}/${idle}`];
      const m = (k) => median(xs.map((x) => x[k]));
      // the 1,000-line row compares the call itself with the JVM's first compile after load; the 200-line row
      // compares spawn -> reply with the JVM's spawn -> first diagnostics
      const ratio = lines === "1000" ? m("d") / jvmFirst : m("spawnToD") / jvmSpawnMs;
      console.log(`| ${lines} lines | ${idle} ms | ${mode === "0" ? "off" : "on"} | ${f(m("d"))} | ${f(m("spawnToD"))} | ${ratio.toFixed(2)} | ${f(m("sym"))} | ${f(m("cpuBeforeCallMs"))} | ${f(m("hwmBeforeCallMb"))} / ${f(m("hwmEndMb"))} | ${xs.at(-1).warmUp || "-"} |`);
    }
  }
}
