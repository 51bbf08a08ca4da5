#!/usr/bin/env node
// The hostile soak (issue 13; not part of npm test): mixed tool calls with random hostile inputs against the real
// server over real pipes, bounded in count and time. Reports process deaths (must be 0), peak RSS, the worst ping,
// and that every answer was a result or a tool error (never a JSON-RPC error).
//   npm run soak -- --minutes 30 [--calls 100000] [--seed 1]
// Runs on Node >= 22 (through scripts/run-with-node24.mjs in the npm script). Prints one JSON summary on stdout.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { minutes: { type: "string", default: "5" }, calls: { type: "string", default: "100000" }, seed: { type: "string", default: "1" } } });
const minutes = Number(values.minutes);
const maxCalls = Number(values.calls);
let seed = Number(values.seed) >>> 0 || 1;
const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
const pick = (list) => list[Math.floor(random() * list.length)];
const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));

const project = join(dirname(fileURLToPath(import.meta.url)), "..");
const cli = join(project, "dist", "cli.js");
const root = mkdtempSync(join(tmpdir(), "groovymcp-soak-"));
mkdirSync(join(root, "src"));
writeFileSync(join(root, "src", "A.groovy"), "class A { int size }\nnew A().size\n");

// ---- hostile inputs (all within the documented limits) ----
const sources = [
  () => "def x = " + "(".repeat(int(10, 600)) + "1" + ")".repeat(0) + "\n",
  () => "def x = " + "(".repeat(int(10, 500)) + "1" + ")".repeat(500) + "\n",
  () => "def s = '" + "\uD800".repeat(int(1, 20_000)) + "'\n",
  () => "def x = 1\n".repeat(int(100, 20_000)),
  () => "class M {\n" + Array.from({ length: int(10, 5000) }, (_, i) => `void m${i}( ){ }\n`).join("") + "}\n",
  () => "def y = " + Array(int(10, 2500)).fill("1").join("+") + "\n",
  () => "class A {\n" + "  void m() {\n    if (true) {\n".repeat(int(10, 400)),
  () => Array.from({ length: int(1, 2000) }, () => String.fromCharCode(int(0, 0xffff))).join(""),
  () => "record R" + int(0, 9) + "(int a, String b) {}\n".repeat(int(1, 5000)),
  () => "@groovy.transform.CompileStatic\nclass C { int side; int area() { side * side } }\n",
  () => '"$a"'.repeat(int(10, 20_000)),
  // past the 1,000-level depth limit (a depth error as a diagnostic), up to the whole source limit
  () => "def x = " + "[".repeat(int(1001, 262_000)) + "1\n",
  () => "def c = " + "{ -> ".repeat(int(900, 5000)) + "1" + " }".repeat(int(0, 5000)) + "\n",
  // operator chains past the worker's stack: the engine runs out of stack, answered as a depth error
  () => "def y = " + Array(int(20_000, 200_000)).fill("1").join("+") + "\n",
];
const uris = Array.from({ length: 12 }, (_, i) => `groovy-buffer:soak-${i}`);
const paths = ["src/A.groovy", "src/A.groovy/.", "missing/../src/A.groovy", "../etc/passwd", "/etc/passwd", "src", "src/../src/A.groovy"];
const position = () => ({ line: int(0, 50), character: int(0, 80) });
const calls = [
  () => ["groovy_diagnostics", { text: pick(sources)(), uri: pick(uris), ...(random() < 0.5 ? { maxResults: int(1, 1000) } : {}) }],
  () => ["groovy_diagnostics", { uri: pick(uris) }],
  () => ["groovy_diagnostics", { path: pick(paths) }],
  () => ["groovy_symbols", { uri: pick(uris) }],
  () => ["groovy_format", { uri: pick(uris) }],
  () => ["groovy_tokens", { uri: pick(uris), startLine: int(0, 100) }],
  () => ["groovy_describe", { uri: pick(uris), ...position() }],
  () => ["groovy_references", { uri: pick(uris), ...position() }],
  () => ["groovy_complete", { uri: pick(uris), ...position() }],
  () => ["groovy_close", { uri: pick(uris) }],
];

// ---- the server ----
const stats = { calls: 0, results: 0, toolErrors: 0, rpcErrors: 0, rpcErrorSamples: [], deaths: 0, peakRssMb: 0, worstPingMs: 0, pings: 0, pingsOver200Ms: 0, badLines: 0, prompts: 0, bigIds: 0 };
let child;
let pending = new Map();
let buffer = "";
let nextId = 0;

function start() {
  child = spawn(process.execPath, [cli, "--root", root], { stdio: ["pipe", "pipe", "pipe"], env: { ...process.env } });
  buffer = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk) => {
    buffer += chunk;
    for (let nl = buffer.indexOf("\n"); nl !== -1; nl = buffer.indexOf("\n")) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      let reply;
      try {
        reply = JSON.parse(line, (key, value, context) => (key === "id" && typeof value === "number" && context?.source ? `#${context.source}` : value));
      } catch {
        stats.badLines++;
        continue;
      }
      const waiter = pending.get(String(reply.id));
      if (waiter) {
        pending.delete(String(reply.id));
        waiter(reply);
      }
    }
  });
  child.stderr.resume();
  child.stdin.on("error", () => {});
  child.on("exit", (code, signal) => {
    if (!stopping) {
      stats.deaths++;
      process.stderr.write(`soak: server died (${code}/${signal}); restarting\n`);
    }
    for (const waiter of pending.values()) waiter({ error: { code: 0, message: "server died" } });
    pending = new Map();
    if (!stopping) void restart();
  });
}
let ready;
async function restart() {
  start();
  ready = request("initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "soak", version: "1" } }).then(() => {
    child.stdin.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n");
  });
  await ready;
}
function request(method, params, rawId) {
  const id = rawId ?? `s${nextId++}`;
  const idText = rawId ?? JSON.stringify(id);
  const key = rawId === undefined ? id : `#${rawId}`;
  return new Promise((resolve) => {
    pending.set(key, resolve);
    child.stdin.write(`{"jsonrpc":"2.0","id":${idText},"method":${JSON.stringify(method)}${params === undefined ? "" : `,"params":${JSON.stringify(params)}`}}\n`);
  });
}

function rssMb() {
  try {
    const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
    const m = /VmRSS:\s+(\d+) kB/.exec(status);
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

let stopping = false;
const pingTimes = [];
const deadline = Date.now() + minutes * 60_000;
const startedAt = Date.now();
await restart();
const sampler = setInterval(() => (stats.peakRssMb = Math.max(stats.peakRssMb, rssMb())), 250);
const pinger = (async () => {
  while (!stopping) {
    const sent = performance.now();
    await request("ping");
    stats.pings++;
    const ms = performance.now() - sent;
    stats.worstPingMs = Math.max(stats.worstPingMs, ms);
    if (ms > 200) stats.pingsOver200Ms++;
    pingTimes.push(ms);
    await new Promise((r) => setTimeout(r, 200));
  }
})();

while (Date.now() < deadline && stats.calls < maxCalls) {
  await ready;
  stats.calls++;
  const roll = random();
  if (roll < 0.05) {
    stats.prompts++;
    const reply = await request("prompts/get", { name: "review-groovy", arguments: { code: "`".repeat(int(1, 524_288)) } });
    if (reply.error) recordRpcError("prompts/get", reply.error);
    continue;
  }
  if (roll < 0.08) {
    stats.bigIds++;
    const digits = String(int(1, 9)) + Array.from({ length: int(16, 40) }, () => int(0, 9)).join("");
    const reply = await request("ping", undefined, digits);
    if (reply.error) recordRpcError("ping(big id)", reply.error);
    continue;
  }
  const [name, args] = pick(calls)();
  const reply = await request("tools/call", { name, arguments: args });
  if (reply.error) recordRpcError(name, reply.error);
  else if (reply.result?.isError) stats.toolErrors++;
  else stats.results++;
}
stopping = true;
await pinger.catch(() => undefined);
clearInterval(sampler);
child.stdin.end();
await new Promise((r) => (child.exitCode !== null ? r() : child.on("exit", r)));
rmSync(root, { recursive: true, force: true });

function recordRpcError(what, error) {
  if (error.code === 0 && error.message === "server died") return; // counted as a death
  stats.rpcErrors++;
  if (stats.rpcErrorSamples.length < 10) stats.rpcErrorSamples.push(`${what}: ${JSON.stringify(error)}`);
}

// the documented bound (docs/architecture.md): the worker heap limit plus 300 MiB for the main thread and the wasm code
const RSS_BOUND_MB = 3072 + 300;
pingTimes.sort((a, b) => a - b);
const p99PingMs = Math.round(pingTimes[Math.floor(pingTimes.length * 0.99)] ?? 0);
const summary = {
  ...stats, minutes: Math.round((Date.now() - startedAt) / 600) / 100, peakRssMb: Math.round(stats.peakRssMb), rssBoundMb: RSS_BOUND_MB,
  worstPingMs: Math.round(stats.worstPingMs), p99PingMs,
  ok: stats.deaths === 0 && stats.rpcErrors === 0 && stats.badLines === 0 && stats.peakRssMb < RSS_BOUND_MB,
};
process.stdout.write(JSON.stringify(summary, null, 2) + "\n");
process.exitCode = summary.ok ? 0 : 1;
