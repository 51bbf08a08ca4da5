// bench/engine-real (issue 10 acceptance): the engine in WebAssembly (this Node) against OUR facade on a warm JVM
// (HotSpot), on real public Groovy fetched from Maven Central (bench/real-code) plus the generated broken-code
// cases, in the same run. Prints the issue-10 table with medians and wasm/JVM ratios.
//
//   npm run bench:real [-- --files 300] [--rounds 2] [--big 2000] [--quick] [--only warm,fresh,broken,multi,rss,varied]
//     [--git <git dir>[@commit] ...] [--varied 2500] [--varied-passes 2] [--varied-ab <other dist dir>] [--ab-rounds 2]
//
// The varied section (issue 30) runs one set of at least 2,000 files from at least 8 projects (the sources jars plus
// git repositories on this machine: --git or GROOVYMCP_REAL_CODE_GIT, comma-separated) through the server's engine in
// the default and the speed configuration, against the stock Groovy compiler warmed over three passes.
//
// Every measurement runs in a child process of its own (wasm: this Node binary with the same flags; JVM: the JDK's
// source launcher on bench/engine-real/FacadeRealBench.java), so each side's load, first compile and RSS are its
// own. The machine is shared: only ratios measured in the same run mean anything.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { gitCodeFiles, kindOf, realCodeFiles, sample, summary } from "./real-code/fetch.mjs";
import { openEngine, openServerEngine, diagnoseAlone } from "./real-code/engine.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const self = fileURLToPath(import.meta.url);
const work = join(root, "bench", ".cache", "engine-real");
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const log = (s) => process.stderr.write(`${s}\n`);

// ---------------------------------------------------------------- inputs

/** A clean 1,200-line class and its three broken variants, plus the 1,200-unclosed-`{` file. */
export function brokenCases() {
  const method = (i) => [
    `    int m${i}(int x) {`,
    `        def list = [1, 2, 3, x]`,
    `        int total = 0`,
    `        for (int i = 0; i < list.size(); i++) {`,
    `            total += list[i] * x`,
    `        }`,
    `        String s = "value \${total} of m${i}"`,
    `        if (s.length() > 3) {`,
    `            println(s.toUpperCase())`,
    `        }`,
    `        return total`,
    `    }`,
  ];
  const lines = ["package bench.broken", "", "class Broken {"];
  for (let i = 0; lines.length < 1197; i++) lines.push(...method(i));
  lines.push("}", "", "new Broken().m0(1)");
  const mid = lines.findIndex((l, i) => i > 600 && l === "    }");
  const call = lines.findIndex((l, i) => i > 600 && l.includes("println(s.toUpperCase())"));
  const str = lines.findIndex((l, i) => i > 600 && l.includes('String s = "value'));
  const brace = [...lines];
  brace.splice(mid, 1, "");
  const paren = [...lines];
  paren[call] = paren[call].replace("toUpperCase())", "toUpperCase()");
  const quote = [...lines];
  quote[str] = quote[str].replace(/"$/, "");
  const clean = lines.join("\n") + "\n";
  return [
    { name: "clean 1,200-line file (reference)", text: clean },
    { name: "one missing `}` (line " + (mid + 1) + ")", text: brace.join("\n") + "\n" },
    { name: "one missing `)` (line " + (call + 1) + ")", text: paren.join("\n") + "\n" },
    { name: "one unclosed string (line " + (str + 1) + ")", text: quote.join("\n") + "\n" },
    { name: "1,200 unclosed `{`", text: "{\n".repeat(1200) },
  ];
}

export function writeList(name, items) {
  mkdirSync(work, { recursive: true });
  const p = join(work, `${name}.tsv`);
  writeFileSync(p, items.map((i) => `${i.path}\t${i.uri}`).join("\n") + "\n");
  return p;
}

function materialise(cases) {
  mkdirSync(join(work, "broken"), { recursive: true });
  return cases.map((c, i) => {
    const path = join(work, "broken", `case${i}.groovy`);
    writeFileSync(path, c.text);
    return { ...c, path, uri: pathToFileURL(path).href };
  });
}

const readList = (p) => readFileSync(p, "utf8").split("\n").filter(Boolean).map((l) => {
  const [path, uri] = l.split("\t");
  return { path, uri, text: readFileSync(path, "utf8") };
});

const status = (key) => {
  const line = readFileSync("/proc/self/status", "utf8").split("\n").find((l) => l.startsWith(key));
  return Number(line.replace(/[^0-9]/g, "")) / 1024;
};

// ---------------------------------------------------------------- the wasm child (same modes as FacadeRealBench)

async function child(mode, list, a, b) {
  // the memory rows and the varied set measure the server as shipped: the engine in the host's worker with the memory
  // policy GROOVYMCP_MEMORY selects (unset: lean); in this thread the engine would run with no policy at all
  const e = mode === "rss" || mode === "varied" ? await openServerEngine() : await openEngine();
  const items = readList(list);
  const out = { loadMs: e.loadMs };
  if (mode === "load") {
    // module + class model only
  } else if (mode === "first") {
    const s = performance.now();
    await diagnoseAlone(e, items[0].uri, items[0].text);
    out.firstMs = performance.now() - s;
  } else if (mode === "flags") {
    // one fresh process per V8 configuration: load, the first compile of the first item, then warm rounds of the rest
    let s = performance.now();
    await diagnoseAlone(e, items[0].uri, items[0].text);
    out.firstMs = performance.now() - s;
    const rest = items.slice(1);
    const t = new Array(rest.length);
    for (let r = 0; r < Number(a); r++) {
      for (let i = 0; i < rest.length; i++) {
        s = performance.now();
        await diagnoseAlone(e, rest[i].uri, rest[i].text);
        t[i] = performance.now() - s;
      }
    }
    out.perFileMs = t;
    out.lines = rest.reduce((x, it) => x + it.text.split("\n").length, 0);
  } else if (mode === "warm") {
    const t = new Array(items.length);
    for (let r = 0; r < Number(a); r++) {
      for (let i = 0; i < items.length; i++) {
        const s = performance.now();
        await diagnoseAlone(e, items[i].uri, items[i].text);
        t[i] = performance.now() - s;
      }
    }
    out.perFileMs = t;
  } else if (mode === "broken") {
    out.cases = [];
    for (const it of items) {
      let s = performance.now();
      const response = { result: await diagnoseAlone(e, it.uri, it.text) };
      const firstMs = performance.now() - s;
      const t = [];
      for (let k = 0; k < Number(a); k++) {
        s = performance.now();
        await diagnoseAlone(e, it.uri, `${it.text}\n// ${k}`);
        t.push(performance.now() - s);
      }
      out.cases.push({ firstMs, medianMs: median(t), response });
    }
  } else if (mode === "multi") {
    for (const it of items) await e.open(it.uri, it.text);
    const { uri, text } = items[0];
    const s0 = performance.now();
    await e.diagnostics(uri);
    out.firstOpenMs = performance.now() - s0;
    const t = [];
    for (let k = 0; k < Number(a); k++) {
      await e.open(uri, `${text}\n// edit ${k}`);
      const s = performance.now();
      await e.diagnostics(uri);
      t.push(performance.now() - s);
    }
    for (const it of items) await e.close(it.uri);
    const al = [];
    for (let k = 0; k < Number(a); k++) {
      await e.open(uri, `${text}\n// edit ${k}`);
      const s = performance.now();
      await e.diagnostics(uri);
      al.push(performance.now() - s);
    }
    out.multiMs = median(t);
    out.aloneMs = median(al);
    // the same two measures interleaved, sample by sample, so that a change of load on the shared machine between
    // the two phases above cannot tilt their ratio: reopen the other 49 and re-diagnose once untimed (their scans
    // are then cached, as in a session), time an edit with the 50 open, close the 49, time an edit alone
    const pm = [];
    const pa = [];
    for (let k = 0; k < Number(a); k++) {
      for (const it of items.slice(1)) await e.open(it.uri, it.text);
      await e.open(uri, `${text}\n// pair ${k}`);
      await e.diagnostics(uri);
      await e.open(uri, `${text}\n// pair ${k} open`);
      let s = performance.now();
      await e.diagnostics(uri);
      pm.push(performance.now() - s);
      for (const it of items.slice(1)) await e.close(it.uri);
      await e.open(uri, `${text}\n// pair ${k} alone`);
      s = performance.now();
      await e.diagnostics(uri);
      pa.push(performance.now() - s);
    }
    out.multiPairMs = median(pm);
    out.alonePairMs = median(pa);
  } else if (mode === "varied") {
    // the varied set as the server runs it (worker, memory policy from GROOVYMCP_MEMORY): a passes, the last timed
    const t = new Array(items.length);
    for (let r = 0; r < Number(a); r++) {
      const passStart = performance.now();
      for (let i = 0; i < items.length; i++) {
        const s = performance.now();
        await diagnoseAlone(e, items[i].uri, items[i].text);
        t[i] = performance.now() - s;
      }
      log(`engine-real: varied pass ${r + 1} ${((performance.now() - passStart) / 1000).toFixed(1)} s`);
    }
    out.perFileMs = t;
    out.hwmAfterFilesMb = status("VmHWM:");
    e.dispose?.();
  } else if (mode === "rss") {
    const { uri, text } = items[0];
    for (let k = 0; k < Number(a); k++) {
      await e.open(uri, `${text}\n// ${k % 7}`);
      await e.diagnostics(uri);
    }
    await e.close(uri);
    out.rssAfterCallsMb = status("VmRSS:");
    out.hwmAfterCallsMb = status("VmHWM:");
    for (let k = 0; k < Number(b); k++) {
      const it = items[k % items.length];
      await diagnoseAlone(e, it.uri, it.text);
    }
    out.rssAfterFilesMb = status("VmRSS:");
    out.hwmAfterFilesMb = status("VmHWM:");
    // (the engine's heap is the worker's: bench/engine-real/rss-levers.mjs splits the peak into heap, code and the rest)
    e.dispose?.();
  } else throw new Error(`unknown mode ${mode}`);
  out.hwmMb = status("VmHWM:");
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

// ---------------------------------------------------------------- the parent

const runJson = (cmd, args, what, env = process.env) => {
  const r = spawnSync(cmd, args, { encoding: "utf8", maxBuffer: 1 << 28, stdio: ["ignore", "pipe", "pipe"], env });
  if (r.status !== 0) throw new Error(`${what} failed (exit ${r.status}): ${r.stderr.split("\n").filter((l) => !l.includes("FakeClass")).slice(-8).join("\n")}`);
  return JSON.parse(r.stdout.trim().split("\n").pop());
};

export function jvmClasspath() {
  const dist = join(root, "engine-wasm", "target", "dist");
  const facade = join(root, "engine-wasm", "facade", "target");
  return [...readFileSync(join(dist, "jvm-classpath.txt"), "utf8").trim().split(":"),
    ...readdirSync(facade).filter((f) => /^engine-facade-.*\.jar$/.test(f)).map((f) => join(facade, f))].join(":");
}

/** wasm: this Node binary with its own V8 flags; JVM: our facade on HotSpot. */
export function wasmRun(mode, list, ...rest) {
  return runJson(process.execPath, [...process.execArgv, self, "--child", mode, list, ...rest.map(String)], `wasm ${mode}`);
}
/** wasmRun with variables added to this process's environment (GROOVYMCP_MEMORY for the speed configuration). */
function wasmRunWith(env, mode, list, ...rest) {
  return runJson(process.execPath, [...process.execArgv, self, "--child", mode, list, ...rest.map(String)], `wasm ${mode}`, { ...process.env, ...env });
}

/**
 * The varied set through the server's engine (default configuration) of this build (A) and of another (B, its
 * engine-wasm/target/dist), alternating B, A, B, A... in fresh processes: warm total, p99 and peak RSS per run.
 */
function variedAb(list, other, rounds, passes) {
  const total = (xs) => xs.reduce((x, y) => x + y, 0);
  const p99 = (xs) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))];
  const out = [`\nA/B on the varied set (default configuration, pass ${passes}, alternating; B: ${other}):\n`, "| run | build | warm s | p99 ms | peak RSS MB |\n|---|---|---:|---:|---:|"];
  for (let r = 0; r < rounds; r++) {
    for (const [name, env] of [["B", { GROOVYMCP_ENGINE_DIR: other }], ["A", {}]]) {
      log(`engine-real: A/B round ${r + 1}, build ${name}`);
      const v = wasmRunWith({ GROOVYMCP_MEMORY: "", ...env }, "varied", list, passes);
      out.push(`| ${r + 1} | ${name} | ${(total(v.perFileMs) / 1000).toFixed(1)} | ${p99(v.perFileMs).toFixed(0)} | ${v.hwmAfterFilesMb.toFixed(0)} |`);
    }
  }
  return out.join("\n");
}

/** The stock Groovy 5.0.8 compiler (engine-wasm/stock-oracle, the fidelity oracle; built with plain Maven on first use). */
function stockOracleClasspath() {
  const dir = join(root, "engine-wasm", "stock-oracle");
  const jar = join(dir, "target", "stock-oracle-0.1.0.jar");
  const cp = join(dir, "target", "classpath.txt");
  if (!existsSync(jar) || !existsSync(cp)) {
    log("engine-real: building engine-wasm/stock-oracle (plain Maven, no TeaVM)");
    if (spawnSync("mvn", ["-B", "-q", "-ntp", "-f", join(dir, "pom.xml"), "package"], { stdio: ["ignore", "inherit", "inherit"] }).status !== 0) {
      throw new Error("engine-real: building the stock oracle failed");
    }
  }
  return `${jar}:${readFileSync(cp, "utf8").trim()}`;
}

/**
 * The stock compiler over a list file, each file alone, `passes` times in one JVM: per-file ms of the last pass in
 * list order, and the process's wall time (one pass of one file: a cold JVM's first answer).
 */
function stockRun(list, passes) {
  const input = readFileSync(list, "utf8").split("\n").filter(Boolean).map((l) => {
    const [path, uri] = l.split("\t");
    return `${path}\t${uri.slice(uri.lastIndexOf("/") + 1)}`;
  }).join("\n");
  const s = performance.now();
  const r = spawnSync("java", ["-Xss8m", "-cp", stockOracleClasspath(), "io.groovymcp.stockoracle.StockOracle", "--repeat", String(passes)],
    { input, encoding: "utf8", maxBuffer: 1 << 28, stdio: ["pipe", "pipe", "ignore"] });
  const wallMs = performance.now() - s;
  if (r.status !== 0) throw new Error(`engine-real: the stock compiler failed (${r.signal ? `killed by ${r.signal}` : `exit ${r.status}`})`);
  return { wallMs, perFileMs: r.stdout.split("\n").filter(Boolean).map((l) => JSON.parse(l).ms) };
}

export function jvmRun(mode, list, ...rest) {
  const model = join(root, "engine-wasm", "target", "dist", "classmodel.bin");
  return runJson("java", ["-Xss8m", "-cp", jvmClasspath(), join(root, "bench", "engine-real", "FacadeRealBench.java"), model, mode, list, ...rest.map(String)], `JVM ${mode}`);
}

const INIT = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "bench", version: "1" } } };

/** Calls onMessage with each JSON-RPC message the server writes, one per line. */
function onJsonLines(stdout, onMessage) {
  let buf = "";
  stdout.setEncoding("utf8");
  stdout.on("data", (d) => {
    buf += d;
    for (let nl; (nl = buf.indexOf("\n")) !== -1;) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      onMessage(JSON.parse(line));
    }
  });
}

/**
 * Spawn the real MCP server (`args` after Node's own flags: by default this process's flags and dist/cli.js), initialize,
 * one groovy_diagnostics call on text: ms until the initialize reply and until the diagnostics result, and the result.
 */
export function spawnToDiagnostics(text, { args = [...process.execArgv, join(root, "dist", "cli.js")], env = {} } = {}) {
  const DIAG = { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "groovy_diagnostics", arguments: { text } } };
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const c = spawn(process.execPath, args, { stdio: ["pipe", "pipe", "ignore"], env: { ...process.env, ...env } });
    const out = {};
    onJsonLines(c.stdout, (msg) => {
      if (msg.id === 1) {
        out.initializeMs = performance.now() - start;
        c.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n${JSON.stringify(DIAG)}\n`);
      } else if (msg.id === 2) {
        out.diagnosticsMs = performance.now() - start;
        out.result = JSON.stringify(msg.result);
        c.stdin.end();
        if (msg.result?.isError) reject(new Error("diagnostics call failed"));
      }
    });
    c.on("error", reject);
    c.on("close", () => (out.diagnosticsMs === undefined ? reject(new Error("the server closed without a diagnostics reply")) : resolve(out)));
    c.stdin.write(`${JSON.stringify(INIT)}\n`);
  });
}

/**
 * Spawn the real MCP server, handshake (initialize, initialized, tools/list), stay idle for idleMs (the server's idle
 * warm-up runs meanwhile), then one groovy_diagnostics call on text: ms from that request to its reply.
 */
function idleThenDiagnostics(text, idleMs) {
  return new Promise((resolve, reject) => {
    // no call time limit: a cold 1,000-line compile on a loaded machine has passed the default 20 s
    const c = spawn(process.execPath, [...process.execArgv, join(root, "dist", "cli.js")], { stdio: ["pipe", "pipe", "ignore"], env: { ...process.env, GROOVYMCP_CALL_TIMEOUT_MS: "0", GROOVYMCP_WARMUP: "1" } });
    let sent = 0;
    onJsonLines(c.stdout, (msg) => {
      if (msg.id === 1) c.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" })}\n`);
      else if (msg.id === 2) {
        setTimeout(() => {
          sent = performance.now();
          c.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "groovy_diagnostics", arguments: { text, uri: "groovy-buffer:first.groovy" } } })}\n`);
        }, idleMs);
      } else if (msg.id === 3) {
        const ms = performance.now() - sent;
        c.stdin.end();
        if (msg.result?.isError) reject(new Error("diagnostics call failed"));
        else resolve(ms);
      }
    });
    c.on("error", reject);
    c.stdin.write(`${JSON.stringify(INIT)}\n`);
  });
}

function jvmSpawnToDiagnostics(list) {
  const s = performance.now();
  jvmRun("first", list);
  return performance.now() - s;
}

const firstError = (response) => {
  // messages quote source; one line, cut, is enough to see that both runtimes report the same error
  const d = response.result.diagnostics.find((x) => x.severity === "error");
  return d ? `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.message.replace(/\n/g, "\\n").slice(0, 60)}` : "(no error)";
};

async function main() {
  const { values: opt } = parseArgs({
    args: process.argv.slice(2),
    options: { files: { type: "string", default: "300" }, rounds: { type: "string", default: "2" }, big: { type: "string", default: "2000" },
      fresh: { type: "string", default: "3" }, quick: { type: "boolean", default: false }, json: { type: "string" },
      only: { type: "string", default: "warm,fresh,broken,multi,rss,varied" },
      // the varied set: git repositories on this machine for the kinds sources jars lack (bench/README.md lists them)
      git: { type: "string", multiple: true, default: (process.env.GROOVYMCP_REAL_CODE_GIT ?? "").split(",").filter(Boolean) },
      varied: { type: "string", default: "2500" }, "varied-passes": { type: "string", default: "2" },
      // A/B of two engine builds on the varied set, default configuration, alternating in this run: the other
      // build's engine-wasm/target/dist (bench/README.md)
      "varied-ab": { type: "string" }, "ab-rounds": { type: "string", default: "2" } },
  });
  const all = await realCodeFiles({ min: 500 });
  const files = sample(all, Number(opt.files));
  const sum = summary(files);
  const asItems = (fs) => fs.map((f) => ({ path: f.path, uri: pathToFileURL(f.path).href }));
  const warmList = writeList("warm", asItems(files));
  const allList = writeList("all", asItems(all));
  const near = (n) => [...all].sort((x, y) => Math.abs(x.lines - n) - Math.abs(y.lines - n) || (x.id < y.id ? -1 : 1))[0];
  const f200 = near(200);
  const f200List = writeList("f200", asItems([f200]));
  const f1000List = writeList("f1000", [{ path: join(root, "bench", "inputs", "large-1000.groovy"), uri: "file:///bench/large-1000.groovy" }]);
  // 50 open buffers of one project (CodeNarc rules, consecutive in the sorted list), editing the first.
  const codenarc = all.filter((f) => f.artifact.startsWith("org.codenarc:"));
  const multiList = writeList("multi", asItems(codenarc.slice(100, 150)));
  const broken = materialise(brokenCases());
  const brokenList = writeList("broken", broken);
  const n = opt.quick ? 2 : 3;
  const fresh = Number(opt.fresh);
  const rows = [];
  const t0 = performance.now();
  // --only picks sections (warm, fresh, broken, multi, rss), so one lever can be re-measured without the whole run
  const want = new Set(opt.only.split(","));
  let ww, jw, wb, jb, wm, jm, wr, jr, vl, vs, vj;
  const variedNotes = [];
  const brokenNotes = [];

  log(`engine-real: ${sum.files} real files (${sum.lines} lines) of ${all.length}; warm rounds ${opt.rounds}`);
  if (want.has("warm")) {
  log("engine-real: warm real-code run (wasm, then JVM)");
  ww = wasmRun("warm", warmList, opt.rounds);
  jw = jvmRun("warm", warmList, opt.rounds);
  const perK = (r) => (r.perFileMs.reduce((x, y) => x + y, 0) / sum.lines) * 1000;
  const medPerK = (r) => median(r.perFileMs.map((ms, i) => (ms / Math.max(1, files[i].lines)) * 1000));
  rows.push([`warm diagnostics on real code, ms per 1,000 lines (${sum.files} files, ${sum.lines} lines, each alone; total time / lines)`, perK(ww), perK(jw), "<= 1.5x"]);
  rows.push(["  the same, median over files of ms per 1,000 lines", medPerK(ww), medPerK(jw), ""]);
  rows.push(["  median per-file ms", median(ww.perFileMs), median(jw.perFileMs), ""]);
  }

  if (want.has("fresh")) {
  log("engine-real: fresh processes (load, first 1,000-line diagnostics, spawn -> first 200-line diagnostics)");
  const wl = [];
  const jl = [];
  const wf = [];
  const jf = [];
  const ws = [];
  const js = [];
  const wi = [];
  const big1000 = readFileSync(join(root, "bench", "inputs", "large-1000.groovy"), "utf8");
  for (let i = 0; i < fresh; i++) {
    const a = wasmRun("first", f1000List);
    wl.push(a.loadMs);
    wf.push(a.firstMs);
    const b = jvmRun("first", f1000List);
    jl.push(b.loadMs);
    jf.push(b.firstMs);
    ws.push((await spawnToDiagnostics(readFileSync(f200.path, "utf8"))).diagnosticsMs);
    js.push(jvmSpawnToDiagnostics(f200List));
    wi.push(await idleThenDiagnostics(big1000, 3000));
  }
  rows.push([`first diagnostics of a 1,000-line file in a fresh process, after load (median of ${fresh})`, median(wf), median(jf), "<= 1000 ms"]);
  rows.push([`  the same through the MCP server, after the handshake and 3 s idle (the idle warm-up, on by default, ran; median of ${fresh})`, median(wi), median(jf), ""]);
  rows.push([`spawn -> first diagnostics of a ${f200.lines}-line real file (wasm: the MCP server over stdio; JVM: java + facade) (median of ${fresh})`, median(ws), median(js), "<= 550 ms"]);
  rows.push([`module + class model load (median of ${fresh})`, median(wl), median(jl), "<= 300 ms"]);
  }

  if (want.has("broken")) {
  log("engine-real: broken code");
  wb = wasmRun("broken", brokenList, n);
  jb = jvmRun("broken", brokenList, n);
  broken.forEach((c, i) => {
    rows.push([`${c.name}: warm diagnostics (median of ${n}; first compile ${wb.cases[i].firstMs.toFixed(0)} / ${jb.cases[i].firstMs.toFixed(0)} ms)`, wb.cases[i].medianMs, jb.cases[i].medianMs, i === 1 ? "<= 500 ms" : ""]);
    const we = firstError(wb.cases[i].response);
    const je = firstError(jb.cases[i].response);
    brokenNotes.push(`- ${c.name}: wasm ${wb.cases[i].response.result.errorCount} errors, JVM ${jb.cases[i].response.result.errorCount}; first: \`${we}\`${we === je ? " (same on both)" : ` vs JVM \`${je}\``}`);
  });

  }
  if (want.has("multi")) {
  log("engine-real: 50 open buffers");
  // 30 samples: the edit-and-diagnose is a few ms, and the ratio's target (1.2) is close enough to matter
  wm = wasmRun("multi", multiList, opt.quick ? 5 : 30);
  jm = jvmRun("multi", multiList, opt.quick ? 5 : 30);
  rows.push(["re-diagnose after editing 1 of 50 open buffers (median)", wm.multiMs, jm.multiMs, ""]);
  rows.push(["  that buffer compiled alone (median)", wm.aloneMs, jm.aloneMs, ""]);
  rows.push(["  ratio 50-open / alone (target <= 1.2)", wm.multiMs / wm.aloneMs, jm.multiMs / jm.aloneMs, "<= 1.2"]);
  rows.push(["  the same, interleaved sample by sample: 50 open (median)", wm.multiPairMs, jm.multiPairMs, ""]);
  rows.push(["  the same, interleaved: alone (median)", wm.alonePairMs, jm.alonePairMs, ""]);
  rows.push(["  ratio 50-open / alone, interleaved (target <= 1.2)", wm.multiPairMs / wm.alonePairMs, jm.multiPairMs / jm.alonePairMs, "<= 1.2"]);
  rows.push(["  the first diagnostics after opening the 50 (one sample)", wm.firstOpenMs, jm.firstOpenMs, ""]);

  }
  if (want.has("rss")) {
  log(`engine-real: RSS (200 calls, then a ${opt.big}-file run)`);
  const big = opt.quick ? 300 : Number(opt.big);
  wr = wasmRun("rss", allList, 200, big);
  jr = jvmRun("rss", allList, 200, big);
  rows.push(["RSS after 200 calls (MB)", wr.rssAfterCallsMb, jr.rssAfterCallsMb, "<= 300"]);
  rows.push([`peak RSS after a ${big}-file run (MB; VmHWM)`, wr.hwmAfterFilesMb, jr.hwmAfterFilesMb, "<= 400"]);
  }

  if (want.has("varied")) {
  // one varied set for the throughput, per-file and memory rows: the sources jars plus the git repositories, each
  // file once (by content), an evenly spread sample of --varied files
  const union = [...all];
  const seen = new Set(all.map((x) => x.sha1));
  for (const g of gitCodeFiles(opt.git)) if (!seen.has(g.sha1)) { seen.add(g.sha1); union.push(g); }
  union.sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  const set = sample(union, Number(opt.varied)).map((x) => ({ ...x, kind: x.kind ?? kindOf(x.path, readFileSync(x.path, "utf8")) }));
  // a project is a Maven group (its last segment: grails, codenarc, spockframework, groovy) or a repository's owner
  const projects = new Set(set.map((x) => (x.artifact.includes("@") ? x.artifact.split("+")[0] : x.artifact.split(":")[0].split(".").pop())));
  if (!opt.quick && (set.length < 2000 || projects.size < 8)) {
    throw new Error(`engine-real: the varied set has ${set.length} files from ${projects.size} projects; 2,000 from 8 are needed (--git <git dir>[@commit], or GROOVYMCP_REAL_CODE_GIT, adds repositories)`);
  }
  const vsum = summary(set);
  const kinds = {};
  for (const x of set) kinds[x.kind] = (kinds[x.kind] ?? 0) + 1;
  const passes = Number(opt["varied-passes"]);
  const variedList = writeList("varied", asItems(set));
  if (opt["varied-ab"]) {
    // an A/B run measures the two builds only, so that its rounds fit in one sitting of a shared machine
    variedNotes.push(variedAb(variedList, resolve(opt["varied-ab"]), Number(opt["ab-rounds"]), passes));
  } else {
  log(`engine-real: varied set, ${set.length} files (${vsum.lines} lines) from ${projects.size} projects; stock compiler (3 passes), wasm default, wasm speed (${passes} passes each)`);
  vj = stockRun(variedList, 3);
  vl = wasmRunWith({ GROOVYMCP_MEMORY: "" }, "varied", variedList, passes);
  vs = wasmRunWith({ GROOVYMCP_MEMORY: "speed" }, "varied", variedList, passes);
  const total = (xs) => xs.reduce((x, y) => x + y, 0);
  const pct = (xs, q) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(xs.length * q))];
  const label = `${set.length} varied files, ${vsum.lines} lines`;
  rows.push([`warm throughput, ${label}: total s of pass ${passes} (JVM: the stock compiler's third pass), default`, total(vl.perFileMs) / 1000, total(vj.perFileMs) / 1000, "<= 1.0x"]);
  rows.push([`  the same, GROOVYMCP_MEMORY=speed`, total(vs.perFileMs) / 1000, total(vj.perFileMs) / 1000, ""]);
  rows.push([`  per-file p50 ms, default`, pct(vl.perFileMs, 0.5), pct(vj.perFileMs, 0.5), ""]);
  rows.push([`  per-file p99 ms, default`, pct(vl.perFileMs, 0.99), pct(vj.perFileMs, 0.99), "<= 2x"]);
  rows.push([`  per-file p99 ms, speed`, pct(vs.perFileMs, 0.99), pct(vj.perFileMs, 0.99), ""]);
  rows.push([`  peak RSS over the whole set (MB; VmHWM), default (JVM column: speed)`, vl.hwmAfterFilesMb, vs.hwmAfterFilesMb, "<= 400"]);
  const f200One = writeList("f200-stock", asItems([f200]));
  const cold = [];
  const spawned = [];
  for (let i = 0; i < fresh; i++) {
    spawned.push((await spawnToDiagnostics(readFileSync(f200.path, "utf8"))).diagnosticsMs);
    cold.push(stockRun(f200One, 1).wallMs);
  }
  rows.push([`spawn -> first diagnostics of a ${f200.lines}-line real file: the MCP server vs a cold stock compiler (java + compile; median of ${fresh})`, median(spawned), median(cold), ">= 3x faster (<= 0.33)"]);
  variedNotes.push(`Varied set: ${Object.entries(kinds).map(([k, v]) => `${k} ${v}`).join(", ")}; ${projects.size} projects: ${[...projects].join(", ")}.`);
  variedNotes.push(`\nThe 20 slowest files (default configuration, pass ${passes}) against the stock compiler:\n`);
  variedNotes.push("| file | kind | lines | wasm ms | JVM ms | wasm/JVM |\n|---|---|---:|---:|---:|---:|");
  const order = set.map((_, i) => i).sort((x, y) => vl.perFileMs[y] - vl.perFileMs[x]).slice(0, 20);
  for (const i of order) variedNotes.push(`| ${set[i].id} | ${set[i].kind} | ${set[i].lines} | ${vl.perFileMs[i].toFixed(0)} | ${vj.perFileMs[i].toFixed(0)} | ${(vl.perFileMs[i] / vj.perFileMs[i]).toFixed(1)} |`);
  }
  }

  const dist = join(root, "engine-wasm", "target", "dist");
  const gz = (f) => gzipSync(readFileSync(join(dist, f)), { level: 9 }).length / 2 ** 20;
  const raw = (f) => statSync(join(dist, f)).size / 2 ** 20;

  const f = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(x >= 10 ? 1 : 2)).padStart(8);
  console.log(`## bench/engine-real: wasm (Node ${process.versions.node}${process.execArgv.length ? ` ${process.execArgv.join(" ")}` : ""}) vs our facade on a warm JVM (${spawnSync("java", ["-version"], { encoding: "utf8" }).stderr.split("\n")[0]}), same run, ${new Date().toISOString().slice(0, 16)}Z\n`);
  console.log("| measure | wasm | JVM | wasm/JVM | target |\n|---|---:|---:|---:|---|");
  for (const [name, w, j, target] of rows) console.log(`| ${name} | ${f(w)} | ${f(j)} | ${(w / j).toFixed(2)} | ${target} |`);
  // the first download is the module and the model's core; the extra packs come a pack at a time on first use
  const packsDir = join(dist, "classmodel-packs");
  const packsGz = readdirSync(packsDir).reduce((n, p) => n + gzipSync(readFileSync(join(packsDir, p)), { level: 9 }).length, 0) / 2 ** 20;
  console.log(`| .wasm + class model core, gzip (MB) | ${(gz("groovy-engine.wasm") + gz("classmodel-core.bin")).toFixed(2)} (${gz("groovy-engine.wasm").toFixed(2)} + ${gz("classmodel-core.bin").toFixed(2)}; raw ${raw("groovy-engine.wasm").toFixed(2)} + ${raw("classmodel-core.bin").toFixed(2)}; extra packs on first use ${packsGz.toFixed(2)}, whole model ${gz("classmodel.bin").toFixed(2)}) | - | - | <= 3 MB |`);
  console.log(`\nBroken code (first error, line:column 1-based):\n${brokenNotes.join("\n")}`);
  if (variedNotes.length) console.log(`\n${variedNotes.join("\n")}`);
  console.log(`\nReal files: ${Object.entries(sum.perArtifact).map(([a, v]) => `${a} (${v.files})`).join(", ")}. 200-line file: ${f200.id}. Bench time ${((performance.now() - t0) / 1000).toFixed(0)} s.`);
  if (opt.json) writeFileSync(opt.json, JSON.stringify({ rows, ww, jw, wb, jb, wm, jm, wr, jr, vl, vs, vj }, null, 1));
}

// importable by the other benches (bench/startup-warm-up.mjs uses jvmRun and the file lists)
if (process.argv[2] === "--child") await child(process.argv[3], process.argv[4], process.argv[5], process.argv[6]);
else if (process.argv[1] === self) await main();
